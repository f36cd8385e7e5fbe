import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client.js';
import { preparedRows } from '../../../db/prepared.js';
import { queryRows } from '../../../db/query-rows.js';
import type { RawRow } from '../../../db/raw-row.js';
import type { deliveries } from '../../../db/schema/index.js';
import { recipientSelection } from './recipients.js';

/** Scheduled deliveries overdue by more than the grace period become `missed`. */
export async function markMissed(db: Executor, graceMs: number) {
  await db.execute(sql`
    UPDATE deliveries SET status = 'missed'
     WHERE status = 'scheduled'
       AND scheduled_datetime < now() - ${graceMs} * interval '1 millisecond'`);
}

/**
 * Starts one due delivery: it becomes `running` and `populating` (its audience is written in
 * chunks by `populateAudience`, so sending begins at once and no transaction lasts long).
 * SKIP LOCKED: two replicas never start the same one. Returns its id, or null.
 */
export async function startDueDelivery(db: Executor): Promise<number | null> {
  const [started] = await queryRows<Pick<RawRow<typeof deliveries>, 'id'>>(
    db,
    sql`UPDATE deliveries SET status = 'running', started_datetime = now(), populating = true,
               audience_after = 0
         WHERE id = (SELECT id FROM deliveries
                      WHERE status = 'scheduled' AND scheduled_datetime <= now()
                      ORDER BY scheduled_datetime, id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
  );
  return started?.id ?? null;
}

/**
 * Writes the next chunk of one populating delivery's audience (subscriber id order, after
 * `audience_after`), in its own short transaction; the last chunk clears `populating`.
 * Returns false when no delivery needed it.
 */
export async function populateAudience(db: Db, chunk = 5000): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [d] = await queryRows<{ id: number; after: number; limit: number | null }>(
      tx,
      sql`SELECT id, audience_after AS after, "limit" FROM deliveries
           WHERE populating AND status IN ('running', 'paused')
           ORDER BY scheduled_datetime, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
    );
    if (!d) return false;
    let take = chunk;
    if (d.limit !== null) {
      const [written] = await queryRows<{ n: string | number | null }>(
        tx,
        sql`SELECT sum(n) AS n FROM delivery_counts WHERE delivery_id = ${d.id}`,
      );
      take = Math.max(0, Math.min(chunk, d.limit - Number(written?.n ?? 0)));
    }
    const selection = take > 0 ? await recipientSelection(tx, d.id, d.after, take) : null;
    let last = d.after;
    let selected = 0;
    if (selection) {
      const [r] = await queryRows<{ last: number | null; n: string | number }>(
        tx,
        sql`WITH sel AS (${selection}),
                 ins AS (INSERT INTO delivery_recipients (delivery_id, subscriber_id, email)
                         SELECT ${d.id}, id, email FROM sel ON CONFLICT DO NOTHING RETURNING 1)
            SELECT (SELECT max(id) FROM sel) AS last, (SELECT count(*) FROM sel) AS n,
                   (SELECT count(*) FROM ins) AS inserted`,
      );
      last = r?.last ?? last;
      selected = Number(r?.n ?? 0);
    }
    await tx.execute(sql`
      UPDATE deliveries SET audience_after = ${last}, populating = ${selected >= take && take > 0}
       WHERE id = ${d.id}`);
    return true;
  });
}

/**
 * Running deliveries whose audience is written and has nobody left to send to are `done`;
 * an automation's send-step delivery stays running (recipients are appended as runs reach it).
 */
export async function finishDrained(db: Executor) {
  await db.execute(sql`
    UPDATE deliveries d SET status = 'done', finished_datetime = now()
     WHERE d.status = 'running' AND NOT d.populating AND d.automation_id IS NULL
       AND COALESCE((SELECT n FROM delivery_counts c
                      WHERE c.delivery_id = d.id AND c.state = 'queued'), 0) = 0`);
}

export type RecipientResult = {
  id: number;
  lease: string;
  state: 'sent' | 'queued' | 'failed' | 'bounced';
  response: string;
  error: string;
  retryInMs: number;
  /** Not attempted after all (a server fault, a pause): the claim's attempt is given back. */
  released?: boolean;
};

/**
 * Writes outcomes in one statement, as soon as the relay answered (the sender groups the
 * few that arrive together); a row whose lease changed (another worker took it over) is left
 * alone. Returns the deliveries of these rows that are no longer running (paused, cancelled
 * meanwhile): the sender stops sending what it holds of them.
 */
export async function recordResults(db: Executor, results: RecipientResult[]) {
  if (results.length === 0) return [];
  const col = <T>(pick: (r: RecipientResult) => T) => JSON.stringify(results.map(pick));
  const stopped = await preparedRows<{ id: number }>(
    db,
    sql`
    WITH written AS (
    UPDATE delivery_recipients r
       SET state = u.state,
           smtp_response = CASE WHEN u.released THEN r.smtp_response ELSE u.response END,
           last_error = CASE WHEN u.released THEN r.last_error ELSE u.error END,
           sent_datetime = CASE WHEN u.state = 'sent' THEN now() ELSE r.sent_datetime END,
           next_attempt_datetime = now() + u.retry_ms * interval '1 millisecond',
           attempts = CASE WHEN u.released THEN r.attempts - 1 ELSE r.attempts END,
           locked_until = NULL, lease_token = NULL
      FROM (SELECT * FROM jsonb_to_recordset(${col((r) => ({
        id: r.id,
        lease: r.lease,
        state: r.state,
        response: r.response,
        error: r.error,
        retry_ms: r.retryInMs,
        released: r.released ?? false,
      }))}::jsonb)
            AS x(id bigint, lease uuid, state text, response text, error text, retry_ms bigint,
                 released boolean)) u
     WHERE r.id = u.id AND r.state = 'sending' AND r.lease_token = u.lease
       -- The ids again, as an array the planner can count: it takes jsonb_to_recordset for 100
       -- rows, and where statistics said few rows were 'sending' it scanned the whole table
       -- for them (5.5 ms a write at 5,000 recipients) instead of looking the ids up.
       AND r.id = ANY(${`{${results.map((r) => r.id).join(',')}}`}::bigint[])
    RETURNING r.delivery_id)
    SELECT d.id FROM deliveries d
     WHERE d.id IN (SELECT delivery_id FROM written) AND d.status <> 'running'`,
  );
  return stopped.map((d) => d.id);
}

/**
 * A server fault (docs/decisions/delivery-engine.md): the delivery pauses itself with the relay's
 * answer; resuming continues where it stopped.
 */
export async function pauseForFault(db: Executor, deliveryId: number, reason: string) {
  await db.execute(sql`
    UPDATE deliveries SET status = 'paused', pause_reason = ${reason.slice(0, 1000)}
     WHERE id = ${deliveryId} AND status = 'running'`);
}

/** Mailing, campaign and the pieces of a variant a delivery sends. */
export async function deliveryMaterial(db: Executor, deliveryId: number) {
  const [row] = await queryRows<{
    mailing_id: number;
    campaign: number | null;
    from_name: string;
    from_email: string;
    replyto_email: string;
    subject: string;
    text: string;
    source: string;
    language: string;
  }>(
    db,
    sql`SELECT m.id AS mailing_id, m.campaign, v.from_name, v.from_email, v.replyto_email,
               v.subject, l.text, l.source,
               COALESCE(v.languages[1], ml.default_language, 'en') AS language
          FROM deliveries d JOIN variants v ON v.id = d.variant_id
          JOIN mailings m ON m.id = v.mailing_id JOIN layouts l ON l.variant_id = v.id
          LEFT JOIN lists ml ON ml.id = m.list_id WHERE d.id = ${deliveryId}`,
  );
  return row;
}
