import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/query-rows.js';
import type { Executor } from '../../../db/client.js';
import type { Verp } from '../message/verp.js';

/** What a report tells about the message it is about. */
export type MessageRef = {
  /** The recipient as the report names it, if it does. */
  email?: string;
  messageId?: string;
  /** Where the report was addressed, or other candidates for the VERP return path. */
  envelopeTo: string[];
  mailing?: number;
};

export type FoundRecipient = {
  delivery_id: number;
  email: string;
  /** How it was found (the VERP reference or the Message-ID), for the event's key. */
  via: string | undefined;
};

/**
 * The send-log rows the reports are about, in their order (undefined: none), in one
 * statement for a whole provider batch: each by the VERP return path it was addressed to,
 * else by Message-ID, else (no Message-ID, or one that matches nothing) the latest to that
 * address. `<> ''` lets each Message-ID lookup use the partial index on message_id.
 */
export async function findRecipients(
  db: Executor,
  verp: Verp | undefined,
  reports: MessageRef[],
): Promise<(FoundRecipient | undefined)[]> {
  if (reports.length === 0) return [];
  const refs = reports.map((report, i) => {
    const ref = verp && report.envelopeTo.map((a) => verp.parse(a)).find((r) => r !== null);
    const id = report.messageId;
    return {
      i,
      vd: ref ? ref.deliveryId : null,
      vs: ref ? ref.subscriberId : null,
      mid: id ? (id.startsWith('<') ? id : `<${id}>`) : null,
      email: report.email ?? null,
      mailing: report.mailing ?? null,
    };
  });
  const inMailing = sql`(e.mailing IS NULL OR r.delivery_id IN (
    SELECT d.id FROM deliveries d JOIN variants v ON v.id = d.variant_id
     WHERE v.mailing_id = e.mailing))`;
  const rows = await queryRows<{
    i: number;
    delivery_id: number;
    email: string;
    message_id: string | null;
    rank: number;
  }>(
    db,
    sql`SELECT e.i, f.delivery_id, f.email, f.message_id, f.rank
          FROM jsonb_to_recordset(${JSON.stringify(refs)}::jsonb)
               AS e(i int, vd int, vs int, mid text, email text, mailing int)
          CROSS JOIN LATERAL (
            SELECT * FROM (
              (SELECT r.delivery_id, r.email, r.message_id, 1 AS rank FROM delivery_recipients r
                WHERE e.vd IS NOT NULL AND r.delivery_id = e.vd AND r.subscriber_id = e.vs
                  AND ${inMailing} ORDER BY r.id + 0 DESC LIMIT 1)
              UNION ALL
              (SELECT r.delivery_id, r.email, r.message_id, 2 FROM delivery_recipients r
                WHERE e.mid IS NOT NULL AND r.message_id = e.mid AND r.message_id <> ''
                  AND ${inMailing} ORDER BY r.id + 0 DESC LIMIT 1)
              UNION ALL
              (SELECT r.delivery_id, r.email, r.message_id, 3 FROM delivery_recipients r
                WHERE e.email IS NOT NULL AND lower(r.email) = lower(e.email)
                  AND ${inMailing} ORDER BY r.id + 0 DESC LIMIT 1)
            ) candidates ORDER BY rank LIMIT 1
          ) f`,
  );
  const found: (FoundRecipient | undefined)[] = reports.map(() => undefined);
  for (const row of rows) {
    const ref = refs[row.i]!;
    const via =
      row.rank === 1
        ? `verp:${ref.vd}.${ref.vs}`
        : row.rank === 2
          ? `msg:${ref.mid}`
          : row.message_id
            ? `msg:${row.message_id}`
            : undefined;
    found[row.i] = { delivery_id: Number(row.delivery_id), email: row.email, via };
  }
  return found;
}
