import type { Db } from '../db/client.js';

/** What every feature's routes plugin receives (a module of its own: features/routes.ts imports the features). */
export type RouteOptions = { db: Db };
