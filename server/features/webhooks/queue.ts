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
 * Writes one try: the attempt row, the message's new state (only while the lease is still
 * ours: a result that arrives after a takeover is dropped, the new owner sends again) and
 * the endpoint's health. An endpoint failing for longer than `windowMs` is disabled.
 */
export async function recordAttempt(db: Executor, result: AttemptResult, windowMs: number) {
  const { message } = result;
  await db.transaction(async (tx) => {
    const [owned] = await rows<{ id: number }>(
      tx,
      sql`SELECT id FROM webhook_messages
           WHERE id = ${message.id} AND webhook_iso(locked_until) = ${message.lease}
           FOR UPDATE`,
    );
    if (!owned) return;
    await tx.execute(sql`
      INSERT INTO webhook_attempts (message_id, endpoint_id, status_code, error, response, duration_ms)
      VALUES (${message.id}, ${message.endpointId}, ${result.statusCode}, ${result.error},
              ${result.response.replaceAll('\u0000', '')}, ${result.durationMs})`);
    const state = result.delivered ? 'delivered' : result.retryInMs === null ? 'failed' : 'pending';
    await tx.execute(sql`
      UPDATE webhook_messages
         SET state = ${state}, locked_until = NULL,
             next_attempt_datetime = now() + ${result.retryInMs ?? 0} * interval '1 millisecond'
       WHERE id = ${message.id}`);
    if (result.delivered) {
      await tx.execute(sql`
        UPDATE webhook_endpoints SET failing_since = NULL
         WHERE id = ${message.endpointId} AND failing_since IS NOT NULL`);
      return;
    }
    await tx.execute(sql`
      UPDATE webhook_endpoints
         SET failing_since = coalesce(failing_since, now()),
             enabled = CASE WHEN failing_since < now() - ${windowMs} * interval '1 millisecond'
                            THEN false ELSE enabled END,
             disabled_reason = CASE WHEN failing_since < now() - ${windowMs} * interval '1 millisecond'
                                    THEN 'Disabled on ' || webhook_iso(now()) || ': every attempt failed since '
                                         || webhook_iso(failing_since) || '. Enable it again to resume sending.'
                                    ELSE disabled_reason END
       WHERE id = ${message.endpointId}`);
  });
}
