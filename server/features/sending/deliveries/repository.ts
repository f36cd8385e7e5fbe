import { sql, type SQL } from 'drizzle-orm';
import type { DeliveryStatusRecord, RecipientState } from '../../../../contract/deliveries.js';
import type { Executor } from '../../../db/client.js';
import { queryRows } from '../../../db/query-rows.js';
import type { RawRow } from '../../../db/raw-row.js';
import type { deliveryRecipients } from '../../../db/schema/index.js';

type DeliveryRow = {
  id: number;
  mailing_id: number;
  variant_id: number;
  languages: string[];
  scheduled_datetime: Date | string;
  status: DeliveryStatusRecord['status'];
  started_datetime: Date | string | null;
  finished_datetime: Date | string | null;
  exclusions: unknown[];
  limit: number | null;
  pause_reason: string;
  pause_rate: '' | 'complaints' | 'hard_bounces';
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

async function withProgress(db: Executor, rows: DeliveryRow[]) {
  if (rows.length === 0) return [];
  const counts = await queryRows<{ delivery_id: number; state: string; n: string | number }>(
    db,
    // Counters kept by triggers (migration 0013), not a count over the recipients.
    sql`SELECT delivery_id, state, n FROM delivery_counts
         WHERE delivery_id = ANY(${`{${rows.map((r) => r.id).join(',')}}`}::int[])`,
  );
  return rows.map((r) => {
    const progress = {
      total: 0,
      queued: 0,
      sent: 0,
      failed: 0,
      bounced: 0,
      skipped: 0,
      suppressed: 0,
    };
    for (const c of counts.filter((x) => x.delivery_id === r.id)) {
      const n = Number(c.n);
      progress.total += n;
      progress[c.state as RecipientState] += n;
    }
    return {
      id: r.id,
      mailing: r.mailing_id,
      variant: r.variant_id,
      languages: r.languages,
      scheduled_datetime: iso(r.scheduled_datetime)!,
      status: r.status,
      progress,
      started_datetime: iso(r.started_datetime),
      finished_datetime: iso(r.finished_datetime),
      exclusions: r.exclusions,
      limit: r.limit,
      pause_reason: r.pause_reason,
      pause_rate: r.pause_rate || null,
    };
  });
}

const select = (where: SQL) => sql`
  SELECT d.id, v.mailing_id, d.variant_id, v.languages, d.scheduled_datetime, d.status,
         d.started_datetime, d.finished_datetime, d.exclusions, d."limit", d.pause_reason,
         d.pause_rate
    FROM deliveries d JOIN variants v ON v.id = d.variant_id
   WHERE ${where} ORDER BY v.position, d.scheduled_datetime, d.id`;

export function deliveriesRepository(db: Executor) {
  return {
    async forMailing(mailingId: number) {
      return withProgress(
        db,
        await queryRows<DeliveryRow>(db, select(sql`v.mailing_id = ${mailingId}`)),
      );
    },
    async get(id: number) {
      const [found] = await withProgress(
        db,
        await queryRows<DeliveryRow>(db, select(sql`d.id = ${id}`)),
      );
      return found;
    },
    async mailingExists(id: number) {
      const rows = await queryRows(db, sql`SELECT 1 FROM mailings WHERE id = ${id}`);
      return rows.length > 0;
    },
    /** Moves a delivery from one of `from` to `to`; false when it was in another status. */
    async transition(id: number, from: string[], to: SQL) {
      const rows = await queryRows(
        db,
        // A pause by the service (a server fault, the brake) is over once someone acts on it;
        // resuming past the brake is that person's decision for the rest of the delivery.
        sql`UPDATE deliveries SET status = ${to}, pause_reason = '', pause_rate = '',
                   brake_off = brake_off OR pause_rate <> ''
             WHERE id = ${id} AND status = ANY(${`{${from.join(',')}}`}::text[]) RETURNING id`,
      );
      return rows.length > 0;
    },
    /** Failed recipients are queued again with fresh attempts; returns how many. */
    async requeueFailed(id: number) {
      const rows = await queryRows(
        db,
        sql`UPDATE delivery_recipients
               SET state = 'queued', attempts = 0, next_attempt_datetime = now()
             WHERE delivery_id = ${id} AND state = 'failed' RETURNING id`,
      );
      return rows.length;
    },
    async setTargeting(id: number, values: { exclusions?: unknown[]; limit?: number | null }) {
      const rows = await queryRows(
        db,
        sql`UPDATE deliveries
               SET exclusions = ${values.exclusions === undefined ? sql`exclusions` : sql`${JSON.stringify(values.exclusions)}::jsonb`},
                   "limit" = ${values.limit === undefined ? sql`"limit"` : values.limit}
             WHERE id = ${id} AND status = 'scheduled' RETURNING id`,
      );
      return rows.length > 0;
    },
    recipientsCount: async (id: number, state?: RecipientState) =>
      Number(
        (
          await queryRows<{ n: string | number | null }>(
            db,
            sql`SELECT sum(n) AS n FROM delivery_counts
                 WHERE delivery_id = ${id} AND ${state === undefined ? sql`true` : sql`state = ${state}`}`,
          )
        )[0]?.n ?? 0,
      ),
    recipientsPage: (
      id: number,
      state: RecipientState | undefined,
      limit: number,
      offset: number,
    ) =>
      queryRows<
        Pick<
          RawRow<typeof deliveryRecipients>,
          | 'email'
          | 'subscriber_id'
          | 'state'
          | 'attempts'
          | 'last_error'
          | 'message_id'
          | 'smtp_response'
          | 'duplicate'
        > & { sent_datetime: Date | string | null }
      >(
        db,
        sql`SELECT email, subscriber_id, state, attempts, last_error, message_id, smtp_response,
                   sent_datetime, duplicate
              FROM delivery_recipients WHERE delivery_id = ${id} AND ${stateFilter(state)}
             ORDER BY id LIMIT ${limit} OFFSET ${offset}`,
      ).then((rows) =>
        rows.map((r) => ({
          email: r.email,
          subscriber: r.subscriber_id,
          state: r.state === 'sending' ? 'queued' : r.state,
          attempts: r.attempts,
          last_error: r.last_error,
          message_id: r.message_id,
          smtp_response: r.smtp_response,
          sent_datetime: iso(r.sent_datetime),
          duplicate: r.duplicate,
        })),
      ),
  };
}

const stateFilter = (state?: RecipientState) =>
  state === undefined
    ? sql`true`
    : state === 'queued'
      ? sql`state IN ('queued', 'sending')`
      : sql`state = ${state}`;
