import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { escapeHtml } from '../../../../contract/escape-html.js';
import { queryRows } from '../../../db/query-rows.js';
import type { SendingContext } from '../context.js';
import { deliveriesOverTheLine, type RateCounts } from './rates.js';

export const percent = (share: number) => `${Number((share * 100).toFixed(2))} %`;

/** Which line a delivery crossed (complaints first: they hurt a sender most), in words. */
export function brakeReason(
  counts: RateCounts,
  brake: SendingContext['options']['brake'],
): { rate: 'complaints' | 'hard_bounces'; reason: string } {
  const { sent, complaints, hard_bounces: hard } = counts;
  if (complaints > sent * brake.complaintRate)
    return {
      rate: 'complaints',
      reason: `Complaint rate ${percent(complaints / sent)} (${complaints} of ${sent} sent) is above the ${percent(brake.complaintRate)} line (COMPLAINT_PAUSE_RATE).`,
    };
  return {
    rate: 'hard_bounces',
    reason: `Hard-bounce rate ${percent(hard / sent)} (${hard} of ${sent} sent) is above the ${percent(brake.bounceRate)} line (BOUNCE_PAUSE_RATE).`,
  };
}

/**
 * The brake (issue 52, docs/decisions/suppressions.md): each running delivery over a line
 * pauses itself, naming the rate, and its sender and the admins are told. Resuming is a
 * person's decision (the delivery's `resume` action). Returns the ids paused.
 */
export async function applyBrake(ctx: SendingContext): Promise<number[]> {
  const { db, options } = ctx;
  const over = await deliveriesOverTheLine(db, options.brake);
  const paused: number[] = [];
  for (const { id, counts } of over) {
    const { rate, reason } = brakeReason(counts, options.brake);
    const [row] = await queryRows<{ name: string; create_user: number | null }>(
      db,
      sql`UPDATE deliveries d SET status = 'paused', pause_rate = ${rate}, pause_reason = ${reason}
            FROM variants v JOIN mailings m ON m.id = v.mailing_id
           WHERE d.id = ${id} AND d.status = 'running' AND v.id = d.variant_id
          RETURNING m.name, m.create_user`,
    );
    if (!row) continue; // paused or cancelled meanwhile
    paused.push(id);
    await tellPeople(ctx, row.name, row.create_user, reason).catch(() => undefined);
  }
  return paused;
}

/** The mailing's author and every active admin, by the service's own mail (no link in it). */
async function tellPeople(
  ctx: SendingContext,
  mailing: string,
  author: number | null,
  why: string,
) {
  const people = await queryRows<{ username: string }>(
    ctx.db,
    sql`SELECT DISTINCT username FROM users
         WHERE active AND username LIKE '%@%' AND (role = 'admin' OR id = ${author})`,
  );
  const base = ctx.baseUrl();
  const host = (URL.canParse(base) && new URL(base).hostname) || 'localhost';
  const from = ctx.options.mailFrom ?? `mailboard@${host.includes('.') ? host : `${host}.invalid`}`;
  const paragraphs = [
    `The delivery of “${mailing}” paused itself: ${why}`,
    'Nothing more is sent until someone resumes it on the mailing’s page. Before resuming, look at who complained or bounced (by recipient domain on that page) and at the list’s source.',
  ];
  for (const { username } of people) {
    await ctx.transport.send(
      {
        from: { name: 'Mailboard', address: from },
        to: username,
        subject: `Delivery paused: ${mailing}`,
        text: `${paragraphs.join('\n\n')}\n`,
        html: `<!doctype html><html><body>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}</body></html>`,
        messageId: `<${randomUUID()}@${from.split('@')[1]}>`,
      },
      { deliveryId: null, mailingId: null, kind: 'system' },
    );
  }
}
