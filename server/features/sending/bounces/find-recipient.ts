import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../../db/query-rows.js';
import type { RawRow } from '../../../db/raw-row.js';
import type { deliveryRecipients } from '../../../db/schema/index.js';
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

/**
 * The send-log row a report is about: by the VERP return path it was addressed to, else by
 * Message-ID, else (no Message-ID, or one that matches nothing) the latest to that address.
 * `via` names how (the VERP reference or the Message-ID), for the event's key.
 */
export async function findRecipient(db: Executor, verp: Verp | undefined, report: MessageRef) {
  const byMailing = report.mailing
    ? sql`AND r.delivery_id IN (SELECT d.id FROM deliveries d JOIN variants v ON v.id = d.variant_id
                                 WHERE v.mailing_id = ${report.mailing})`
    : sql``;
  const find = async (where: SQL) =>
    (
      await queryRows<
        Pick<RawRow<typeof deliveryRecipients>, 'delivery_id' | 'email' | 'message_id'>
      >(
        db,
        sql`SELECT r.delivery_id, r.email, r.message_id FROM delivery_recipients r
             WHERE ${where} ${byMailing} ORDER BY r.id DESC LIMIT 1`,
      )
    )[0];
  const ref = verp && report.envelopeTo.map((a) => verp.parse(a)).find((r) => r !== null);
  if (ref) {
    const found = await find(
      sql`r.delivery_id = ${ref.deliveryId} AND r.subscriber_id = ${ref.subscriberId}`,
    );
    if (found) return { ...found, via: `verp:${ref.deliveryId}.${ref.subscriberId}` };
  }
  if (report.messageId) {
    const id = report.messageId.startsWith('<') ? report.messageId : `<${report.messageId}>`;
    // `<> ''` lets a generic plan use the partial index on message_id.
    const found = await find(sql`r.message_id = ${id} AND r.message_id <> ''`);
    if (found) return { ...found, via: `msg:${id}` };
  }
  if (!report.email) return undefined;
  const found = await find(sql`lower(r.email) = lower(${report.email})`);
  return found && { ...found, via: found.message_id ? `msg:${found.message_id}` : undefined };
}
