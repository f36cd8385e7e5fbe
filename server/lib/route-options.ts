import type { Db } from '../db/client.js';

/** What a feature's routes plugin receives (a module of its own: every feature imports it). */
export type RouteOptions = { db: Db };
