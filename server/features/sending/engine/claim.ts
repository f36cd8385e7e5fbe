import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { preparedRows } from '../../../db/prepared.js';
import { queryRows } from '../../../db/query-rows.js';
import { suppressedSql } from '../../suppressions/index.js';

/**
 * The engine's leases (docs/decisions/delivery-engine.md): claiming due recipients in one
 * statement, renewing what a worker still holds, and requeueing what a dead worker held.
 */

export type ClaimedRecipient = {
  id: number;
  deliveryId: number;
  subscriberId: number | null;
  email: string;
  attempts: number;
  /** The claim's token: results and renewals are written only under it. */
  lease: string;
  /** Fixed on the first claim and kept across attempts (bounce matching, dedup by receivers). */
  messageId: string;
};

/**
 * Rows of running deliveries still `sending` after their lease ran out: their worker died
 * before recording a result, so the message may have gone out. They are queued again, due
 * now and flagged `duplicate` (a repeat is possible); the next claim takes them like any other.
 */
export async function requeueExpiredLeases(db: Executor) {
  await db.execute(sql`
    UPDATE delivery_recipients r
       SET state = 'queued', duplicate = true, lease_token = NULL, locked_until = NULL,
           next_attempt_datetime = now()
      FROM deliveries d
     WHERE d.status = 'running' AND r.delivery_id = d.id
       AND r.state = 'sending' AND r.locked_until < now()`);
}

/**
 * Claims up to `limit` due queued recipients, shared round robin among the running
 * deliveries (scheduled order first), in recipient order along the (delivery, state, id)
 * index, so a claim costs the same at the first recipient and the millionth. A recipient
 * whose address is on the suppression list is `suppressed`, and one whose subscription is no
 * longer `active` (deleted, or paused: preference centre) is `skipped`, right there, with the
 * reason, instead of claimed: their turn is now, and such a row never reaches SMTP. SKIP
 * LOCKED lets replicas claim side by side.
 */
// The limit and lease are written into the text (integers, from the options): as parameters
// they made PostgreSQL plan every call afresh; as constants it keeps one generic plan.
export async function claimRecipients(
  db: Executor,
  limit: number,
  leaseMs: number,
  lease: string,
): Promise<ClaimedRecipient[]> {
  const rows = await preparedRows<{
    id: string | number;
    delivery_id: number;
    subscriber_id: number | null;
    email: string;
    attempts: number;
    state: string;
    message_id: string;
  }>(
    db,
    sql`
    WITH live AS (
      SELECT d.id, d.scheduled_datetime, split_part(v.from_email, '@', 2) AS domain,
             count(*) OVER () AS running
        FROM deliveries d JOIN variants v ON v.id = d.variant_id
       WHERE d.status = 'running'
         -- Only those with something to send: idle automation deliveries stay running.
         AND (d.populating OR EXISTS (SELECT 1 FROM delivery_counts c WHERE c.delivery_id = d.id
                                         AND c.state = 'queued' AND c.n > 0))
       ORDER BY d.scheduled_datetime, d.id LIMIT ${sql.raw(String(Math.trunc(limit)))}
    ), picked AS (
      SELECT x.id, live.domain, -- one who paused their mail is skipped as one who left
             CASE WHEN s.paused_until > now() THEN 'paused' ELSE s.subscription END AS subscription,
             ${suppressedSql(sql`x.email`)} AS suppressed
        FROM live CROSS JOIN LATERAL (
          SELECT r.id, r.subscriber_id, r.email FROM delivery_recipients r
           WHERE r.delivery_id = live.id AND r.state = 'queued'
             AND r.next_attempt_datetime <= now()
           ORDER BY r.id
           LIMIT ceil(${sql.raw(String(Math.trunc(limit)))}::numeric / live.running)::int
           FOR UPDATE SKIP LOCKED) x
        LEFT JOIN subscribers s ON s.id = x.subscriber_id
       ORDER BY live.scheduled_datetime, live.id
       LIMIT ${sql.raw(String(Math.trunc(limit)))}
    )
    UPDATE delivery_recipients r
       SET state = CASE WHEN p.suppressed THEN 'suppressed'
                        WHEN p.subscription = 'active' THEN 'sending' ELSE 'skipped' END,
           last_error = CASE
                        WHEN p.suppressed THEN 'Not sent: the address is on the suppression list.'
                        WHEN p.subscription = 'active' THEN r.last_error
                        ELSE 'Not sent: the subscriber was ' || COALESCE(p.subscription, 'deleted')
                             || ' by their turn.' END,
           attempts = r.attempts + CASE WHEN p.go THEN 1 ELSE 0 END,
           message_id = CASE WHEN r.message_id <> '' THEN r.message_id
                        ELSE '<' || gen_random_uuid() || '@'
                             || COALESCE(NULLIF(p.domain, ''), 'mailboard.invalid') || '>' END,
           lease_token = CASE WHEN p.go THEN ${lease}::uuid END,
           locked_until = CASE WHEN p.go
                          THEN clock_timestamp() + ${sql.raw(String(Math.trunc(leaseMs)))}
                                                   * interval '1 millisecond' END
      FROM (SELECT *, subscription = 'active' AND NOT suppressed AS go FROM picked) p
     WHERE r.id = p.id
    RETURNING r.id, r.delivery_id, r.subscriber_id, r.email, r.attempts, r.state, r.message_id`,
  );
  return rows
    .filter((r) => r.state === 'sending')
    .map((r) => ({
      id: Number(r.id),
      deliveryId: r.delivery_id,
      subscriberId: r.subscriber_id,
      email: r.email,
      attempts: r.attempts,
      lease,
      messageId: r.message_id,
    }));
}

/**
 * Extends the lease of rows this worker still holds (claimed, or in flight at a slow relay).
 * Returns the ids it still holds: a row taken over meanwhile must not be sent from here.
 */
export async function renewLeases(db: Executor, ids: number[], lease: string, leaseMs: number) {
  if (ids.length === 0) return new Set<number>();
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`UPDATE delivery_recipients
           SET locked_until = clock_timestamp() + ${leaseMs} * interval '1 millisecond'
         WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[]) AND lease_token = ${lease}::uuid
           AND state = 'sending'
        RETURNING id`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}
