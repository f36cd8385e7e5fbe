import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { SubscriberChangeVia } from '../../contract/subscribers.js';
import type { Executor } from '../db/client.js';
import { DASHBOARD_CLIENT, DASHBOARD_HEADER } from '../../contract/dashboard-client.js';

/** How a change came about, as the subscriber's history shows it. */
export type Actor =
  | { userId: number | null; via: 'form' | 'api' }
  | { userId: number | null; via: 'import'; importId: number; file?: string }
  /** The recipient's own act through a message (sending, issue 19), or a bounce report. */
  | { userId: null; via: SubscriberChangeVia };

const actorSetting = (actor: Actor) =>
  JSON.stringify({
    user: actor.userId,
    via: actor.via,
    ...(actor.via === 'import' ? { import: actor.importId, file: actor.file } : {}),
  });

/**
 * Names who and how for every subscriber change the transaction `tx` makes from here on:
 * the history triggers (migration 0005) read it. It is transaction-local, so call it inside
 * `db.transaction(…)`; outside one it would only cover its own statement. A write without
 * an actor is still recorded, with the row's update user and no `via`.
 */
export async function withActor(tx: Executor, actor: Actor): Promise<void> {
  await tx.execute(sql`SELECT set_config('mailboard.actor', ${actorSetting(actor)}, true)`);
}

/** The dashboard labels its requests (X-Mailboard-Client); anything else is an API client. */
export function requestActor(request: FastifyRequest): Actor {
  const dashboard = request.headers[DASHBOARD_HEADER] === DASHBOARD_CLIENT;
  return { userId: request.user.id, via: dashboard ? 'form' : 'api' };
}

/**
 * The actor's user id as an SQL value that also names `actor`, as `withActor` does, for the
 * rest of the transaction it runs in. Written as a subscriber's `update_user` by a statement
 * of its own (its own implicit transaction, outside BEGIN … COMMIT), it records the actor
 * without BEGIN and COMMIT round trips. Inside a caller's transaction it would rename the
 * actor of that transaction's later writes: use `withActor` there.
 *
 * Why it matters: a subscriber write locks its list's counts row in its triggers until
 * commit. Inside BEGIN … COMMIT that lock was held until the server's event loop came back
 * to send COMMIT, so concurrent writes to one list queued behind each other (about 180
 * creations/s at 50 clients, issue 31). In one statement it is held only inside the database.
 */
export function actorUserId(actor: Actor): SQL {
  return sql`(SELECT ${actor.userId}::integer FROM (SELECT set_config('mailboard.actor', ${actorSetting(actor)}, true)) AS actor)`;
}
