import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export type ClaimedMessage = {
  id: number;
  endpointId: number;
  url: string;
  secret: string;
  previousSecret: string | null;
  eventId: string;
  type: string;
  timestamp: string;
  data: unknown;
  attempts: number;
  /** The event's age: past the retry window a failure is final. */
  ageMs: number;
  lease: string;
};

/**
 * Claims up to `limit` due messages of enabled endpoints. In order per resource: a message
 * is claimable only when no earlier message of the same endpoint and resource is still
 * pending (queued, or in flight under another worker's lease). SKIP LOCKED lets replicas
 * claim side by side; a crashed worker's lease runs out and its messages are claimed again
 * (at least once).
 */
export async function claimMessages(
  db: Executor,
  limit: number,
  leaseMs: number,
): Promise<ClaimedMessage[]> {
  const claimed = await rows<{
    id: string | number;
    endpoint_id: number;
    url: string;
    secret: string;
    previous_secret: string | null;
    event_id: string;
    type: string;
    timestamp: string;
    data: unknown;
    attempts: number;
    age_ms: string | number;
    lease: string;
  }>(
    db,
    sql`
    WITH next AS (
      SELECT m.id FROM webhook_messages m
        JOIN webhook_endpoints e ON e.id = m.endpoint_id AND e.enabled
       WHERE m.state = 'pending' AND m.next_attempt_datetime <= now()
         AND (m.locked_until IS NULL OR m.locked_until < now())
         AND NOT EXISTS (SELECT 1 FROM webhook_messages p
                          WHERE p.endpoint_id = m.endpoint_id AND p.resource = m.resource
                            AND p.state = 'pending' AND p.id < m.id)
       ORDER BY m.id
       LIMIT ${limit}
       FOR UPDATE OF m SKIP LOCKED
    ), claimed AS (
      UPDATE webhook_messages m
         SET attempts = m.attempts + 1,
             locked_until = clock_timestamp() + ${leaseMs} * interval '1 millisecond'
        FROM next WHERE m.id = next.id
      RETURNING m.id, m.endpoint_id, m.event_id, m.attempts, m.locked_until
    )
    SELECT c.id, c.endpoint_id, e.url, e.secret,
           CASE WHEN e.previous_secret_until > now() THEN e.previous_secret END AS previous_secret,
           ev.event_id, ev.type, webhook_iso(ev.create_datetime) AS timestamp, ev.data, c.attempts,
           (extract(epoch FROM now() - ev.create_datetime) * 1000)::bigint AS age_ms,
           webhook_iso(c.locked_until) AS lease
      FROM claimed c
      JOIN webhook_endpoints e ON e.id = c.endpoint_id
      JOIN webhook_events ev ON ev.id = c.event_id
     ORDER BY c.id`,
  );
  return claimed.map((r) => ({
    id: Number(r.id),
    endpointId: r.endpoint_id,
    url: r.url,
    secret: r.secret,
    previousSecret: r.previous_secret,
    eventId: r.event_id,
    type: r.type,
    timestamp: r.timestamp,
    data: r.data,
    attempts: r.attempts,
    ageMs: Number(r.age_ms),
    lease: r.lease,
  }));
}

export type AttemptResult = {
  message: ClaimedMessage;
  statusCode: number | null;
  response: string;
  error: string;
  durationMs: number;
  delivered: boolean;
  /** When not delivered: retry after this long, or null to give up. */
  retryInMs: number | null;
};

/**
 * Writes the tries of one round in one transaction (a handful of statements, whatever the
 * round's size: per message, they were the worker's main cost): the attempt rows, each
 * message's new state (only while the lease is still ours: a result that arrives after a
 * takeover is dropped, the new owner sends again) and the endpoints' health. An endpoint
 * failing for longer than `windowMs` is disabled; one that answered in the round is not
 * failing since before it.
 */
export async function recordAttempts(db: Executor, results: AttemptResult[], windowMs: number) {
  if (results.length === 0) return;
  await db.transaction(async (tx) => {
    const claims = results.map((r) => sql`(${r.message.id}::bigint, ${r.message.lease}::text)`);
    const owned = await rows<{ id: string | number }>(
      tx,
      sql`SELECT m.id FROM webhook_messages m
            JOIN (VALUES ${sql.join(claims, sql`, `)}) AS c (id, lease)
              ON c.id = m.id AND webhook_iso(m.locked_until) = c.lease
           ORDER BY m.id
             FOR UPDATE OF m`,
    );
    const ours = new Set(owned.map((r) => Number(r.id)));
    const mine = results.filter((r) => ours.has(r.message.id));
    if (mine.length === 0) return;
    await tx.execute(sql`
      INSERT INTO webhook_attempts (message_id, endpoint_id, status_code, error, response, duration_ms)
      VALUES ${sql.join(
        mine.map(
          (r) => sql`(${r.message.id}, ${r.message.endpointId}, ${r.statusCode}::integer,
                      ${r.error}, ${r.response.replaceAll('\u0000', '')}, ${r.durationMs})`,
        ),
        sql`, `,
      )}`);
    const states = mine.map((r) => {
      const state = r.delivered ? 'delivered' : r.retryInMs === null ? 'failed' : 'pending';
      return sql`(${r.message.id}::bigint, ${state}::text, ${r.retryInMs ?? 0}::bigint)`;
    });
    await tx.execute(sql`
      UPDATE webhook_messages m
         SET state = v.state, locked_until = NULL,
             next_attempt_datetime = now() + v.retry_ms * interval '1 millisecond'
        FROM (VALUES ${sql.join(states, sql`, `)}) AS v (id, state, retry_ms)
       WHERE m.id = v.id`);
    const answered = new Set(mine.filter((r) => r.delivered).map((r) => r.message.endpointId));
    const failed = new Set(mine.filter((r) => !r.delivered).map((r) => r.message.endpointId));
    const ids = (set: Set<number>) =>
      sql.join(
        [...set].map((id) => sql`${id}::integer`),
        sql`, `,
      );
    const recovered = [...answered].filter((id) => !failed.has(id));
    if (recovered.length > 0)
      await tx.execute(sql`
        UPDATE webhook_endpoints SET failing_since = NULL
         WHERE id IN (${ids(new Set(recovered))}) AND failing_since IS NOT NULL`);
    // Answered and failed in the same round: failing from now, never disabled for it.
    const mixed = [...failed].filter((id) => answered.has(id));
    if (mixed.length > 0)
      await tx.execute(sql`
        UPDATE webhook_endpoints SET failing_since = now() WHERE id IN (${ids(new Set(mixed))})`);
    const failing = [...failed].filter((id) => !answered.has(id));
    if (failing.length === 0) return;
    await tx.execute(sql`
      UPDATE webhook_endpoints
         SET failing_since = coalesce(failing_since, now()),
             enabled = CASE WHEN failing_since < now() - ${windowMs} * interval '1 millisecond'
                            THEN false ELSE enabled END,
             disabled_reason = CASE WHEN failing_since < now() - ${windowMs} * interval '1 millisecond'
                                    THEN 'Disabled on ' || webhook_iso(now()) || ': every attempt failed since '
                                         || webhook_iso(failing_since) || '. Enable it again to resume sending.'
                                    ELSE disabled_reason END
       WHERE id IN (${ids(new Set(failing))})`);
  });
}
