import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { SubscriberChangeVia } from '../../contract/subscribers.js';
import type { Db, Executor } from '../db/client.js';
import { DASHBOARD_HEADER } from '../plugins/browser-requests.js';

/** How a change came about, as the subscriber's history shows it. */
export type Actor =
  | { userId: number | null; via: 'form' | 'api' }
  | { userId: number | null; via: 'import'; importId: number; file?: string }
  /** The recipient's own act through a message (sending, issue 19), or a bounce report. */
  | { userId: null; via: SubscriberChangeVia };

/**
 * Names who and how for every subscriber change the transaction `tx` makes from here on:
 * the history triggers (migration 0005) read it. It is transaction-local, so call it inside
 * `db.transaction(…)`; outside one it would only cover its own statement. A write without
 * an actor is still recorded, with the row's update user and no `via`.
 */
export async function withActor(tx: Executor, actor: Actor): Promise<void> {
  const value = {
    user: actor.userId,
    via: actor.via,
    ...(actor.via === 'import' ? { import: actor.importId, file: actor.file } : {}),
  };
  await tx.execute(sql`SELECT set_config('mailboard.actor', ${JSON.stringify(value)}, true)`);
}

/** The dashboard labels its requests (X-Mailboard-Client); anything else is an API client. */
export function requestActor(request: FastifyRequest): Actor {
  const dashboard = request.headers[DASHBOARD_HEADER] === 'dashboard';
  return { userId: request.user.id, via: dashboard ? 'form' : 'api' };
}

/** `work` in one transaction whose subscriber changes are recorded as `actor`'s. */
export function asActor<T>(db: Db, actor: Actor, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await withActor(tx, actor);
    return work(tx);
  });
}
