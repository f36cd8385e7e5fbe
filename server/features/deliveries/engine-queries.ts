import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { recipientSelection } from './recipients.js';

/** Scheduled deliveries overdue by more than the grace period become `missed`. */
export async function markMissed(db: Executor, graceMs: number) {
  await db.execute(sql`
    UPDATE deliveries SET status = 'missed'
     WHERE status = 'scheduled'
       AND scheduled_datetime < now() - ${graceMs} * interval '1 millisecond'`);
}

/**
 * Starts one due delivery: its recipients are written to the send log and it becomes
 * `running`, in one transaction (so a crash leaves it either scheduled or fully queued).
 * SKIP LOCKED: two replicas never start the same one. Returns its id, or null.
 */
export async function startDueDelivery(db: Db): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [due] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM deliveries
           WHERE status = 'scheduled' AND scheduled_datetime <= now()
           ORDER BY scheduled_datetime, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
    );
    if (!due) return null;
    const selection = await recipientSelection(tx, due.id);
    if (selection) {
      await tx.execute(sql`
        INSERT INTO delivery_recipients (delivery_id, subscriber_id, email)
        SELECT ${due.id}, r.id, r.email FROM (${selection}) r
        ON CONFLICT DO NOTHING`);
    }
    await tx.execute(sql`
      UPDATE deliveries SET status = 'running', started_datetime = now() WHERE id = ${due.id}`);
    return due.id;
  });
}

/** Running deliveries with nobody left to send to are `done`. */
export async function finishDrained(db: Executor) {
  await db.execute(sql`
    UPDATE deliveries d SET status = 'done', finished_datetime = now()
     WHERE d.status = 'running'
       AND NOT EXISTS (SELECT 1 FROM delivery_recipients r
                        WHERE r.delivery_id = d.id AND r.state IN ('queued', 'sending'))`);
}

export type ClaimedRecipient = {
  id: number;
  deliveryId: number;
  subscriberId: number | null;
  email: string;
  attempts: number;
  lease: string;
};

/**
 * Claims up to `limit` recipients of running deliveries that are due: queued ones, and
 * in-flight ones whose worker's lease ran out (it crashed: the message may have gone
 * out, so the row is flagged `duplicate` when sent again). SKIP LOCKED lets replicas claim
 * side by side; the lease (`locked_until`) is what a result must match to be written.
 */
export async function claimRecipients(
  db: Executor,
  limit: number,
  leaseMs: number,
): Promise<ClaimedRecipient[]> {
  const rows = await queryRows<{
    id: string | number;
    delivery_id: number;
    subscriber_id: number | null;
    email: string;
    attempts: number;
    lease: string;
  }>(
    db,
    sql`
    WITH next AS (
      SELECT r.id FROM delivery_recipients r
        JOIN deliveries d ON d.id = r.delivery_id AND d.status = 'running'
       WHERE (r.state = 'queued' AND r.next_attempt_datetime <= now())
          OR (r.state = 'sending' AND r.locked_until < now())
       LIMIT ${limit}
       FOR UPDATE OF r SKIP LOCKED
    )
    UPDATE delivery_recipients r
       SET state = 'sending', attempts = r.attempts + 1,
           duplicate = r.duplicate OR r.state = 'sending',
           locked_until = clock_timestamp() + ${leaseMs} * interval '1 millisecond'
      FROM next WHERE r.id = next.id
    RETURNING r.id, r.delivery_id, r.subscriber_id, r.email, r.attempts,
              to_char(r.locked_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS lease`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    deliveryId: r.delivery_id,
    subscriberId: r.subscriber_id,
    email: r.email,
    attempts: r.attempts,
    lease: r.lease,
  }));
}

export type RecipientResult = {
  id: number;
  lease: string;
  state: 'sent' | 'queued' | 'failed' | 'bounced';
  messageId: string;
  response: string;
  error: string;
  retryInMs: number;
  /** Not attempted after all (the lease ran short): the claim's attempt is given back. */
  released?: boolean;
};

/**
 * Writes a batch of outcomes in one statement; a row whose lease changed (another worker
 * took it over) is left alone.
 */
export async function recordResults(db: Executor, results: RecipientResult[]) {
  if (results.length === 0) return;
  const col = <T>(pick: (r: RecipientResult) => T) => JSON.stringify(results.map(pick));
  await db.execute(sql`
    UPDATE delivery_recipients r
       SET state = u.state,
           message_id = CASE WHEN u.message_id <> '' THEN u.message_id ELSE r.message_id END,
           smtp_response = CASE WHEN u.released THEN r.smtp_response ELSE u.response END,
           last_error = CASE WHEN u.released THEN r.last_error ELSE u.error END,
           sent_datetime = CASE WHEN u.state = 'sent' THEN now() ELSE r.sent_datetime END,
           next_attempt_datetime = now() + u.retry_ms * interval '1 millisecond',
           attempts = CASE WHEN u.released THEN r.attempts - 1 ELSE r.attempts END,
           locked_until = NULL
      FROM (SELECT * FROM jsonb_to_recordset(${col((r) => ({
        id: r.id,
        lease: r.lease,
        state: r.state,
        message_id: r.messageId,
        response: r.response,
        error: r.error,
        retry_ms: r.retryInMs,
        released: r.released ?? false,
      }))}::jsonb)
            AS x(id bigint, lease timestamptz, state text, message_id text, response text,
                 error text, retry_ms bigint, released boolean)) u
     WHERE r.id = u.id AND r.state = 'sending' AND r.locked_until = u.lease`);
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
  }>(
    db,
    sql`SELECT m.id AS mailing_id, m.campaign, v.from_name, v.from_email, v.replyto_email,
               v.subject, l.text, l.source
          FROM deliveries d JOIN variants v ON v.id = d.variant_id
          JOIN mailings m ON m.id = v.mailing_id JOIN layouts l ON l.variant_id = v.id
         WHERE d.id = ${deliveryId}`,
  );
  return row;
}
