/**
 * The preference centre (issue 50 item 5): the page behind every message's "Manage your
 * subscription" link (GET/POST /p/{token}) and the page that mails such a link on request
 * (GET/POST /p). Public pages outside /api, in the public page shell (server/lib/public-page.ts).
 * - repository.ts  the address's subscriptions at one sender, the asked fields, the one-step
 *                  save, the hourly link budget
 * - pages.ts       the pages; texts.ts their words in English, German and French
 * - routes.ts      the four routes and the link mail
 * The pause it sets (`subscribers.paused_until`) is honoured by sending's recipient selection
 * and claim (docs/decisions/preference-centre.md).
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { preferenceRoutes } from './routes.js';

export type PreferencesPluginOptions = { db: Db };

/** Registers the preference centre's public routes; needs sending's context (`app.sending`). */
export async function preferencesPlugin(app: FastifyInstance, { db }: PreferencesPluginOptions) {
  await app.register(preferenceRoutes, { db, sending: app.sending });
}
