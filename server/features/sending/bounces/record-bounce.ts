import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { queryRows } from '../../../db/query-rows.js';
import { suppressAddress } from '../../suppressions/index.js';
import { changeSubscription } from '../subscriber-state.js';

export type BouncePolicy = { softBounceLimit: number; softBounceDays: number };

/**
 * Records a bounce of `email` for a delivery (a stat_bounces record) and applies the
 * policy: a hard bounce, or `softBounceLimit` soft ones within `softBounceDays` on the same
 * list, sets the subscriber `bounced`; a hard bounce also puts the address on the suppression
 * list (reason `hard_bounce`). `eventKey` (webhook reports) makes it idempotent: a
 * second report with the same key records nothing (`recorded: false`). `bounced`: whether
 * the subscriber changed state.
 */
export async function recordBounce(
  db: Executor,
  bounce: { deliveryId: number; email: string; hard: boolean; eventKey?: string },
  policy: BouncePolicy,
): Promise<{ recorded: boolean; bounced: boolean }> {
  const [d] = await queryRows<{ list_id: number }>(
    db,
    sql`INSERT INTO stat_bounces (delivery_id, mailing_id, campaign, email, datetime, hard, event_key)
        SELECT d.id, m.id, m.campaign, ${bounce.email}, now(), ${bounce.hard},
               ${bounce.eventKey ?? null}::text
          FROM deliveries d JOIN variants v ON v.id = d.variant_id
          JOIN mailings m ON m.id = v.mailing_id WHERE d.id = ${bounce.deliveryId}
        ON CONFLICT (event_key) DO NOTHING
        RETURNING (SELECT list_id FROM mailings WHERE id = mailing_id) AS list_id`,
  );
  if (!d) return { recorded: false, bounced: false };
  if (bounce.hard)
    await suppressAddress(db, {
      email: bounce.email,
      reason: 'hard_bounce',
      source: `hard bounce (delivery ${bounce.deliveryId})`,
    });
  let bounced = bounce.hard;
  if (!bounced) {
    const [row] = await queryRows<{ n: string | number }>(
      db,
      sql`SELECT count(*) AS n FROM stat_bounces b JOIN mailings m ON m.id = b.mailing_id
           WHERE m.list_id = ${d.list_id} AND lower(b.email) = lower(${bounce.email})
             AND NOT b.hard
             AND b.datetime > now() - ${policy.softBounceDays} * interval '1 day'`,
    );
    bounced = Number(row?.n ?? 0) >= policy.softBounceLimit;
  }
  if (!bounced) return { recorded: true, bounced: false };
  const changed = await changeSubscription(
    db,
    { listIds: [d.list_id], email: bounce.email },
    'bounced',
    'bounce',
    { onlyFrom: ['active', 'pending'] },
  );
  return { recorded: true, bounced: changed.length > 0 };
}
