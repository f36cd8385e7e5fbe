import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { queryRows } from '../../../db/query-rows.js';
import { suppressAddress } from '../../suppressions/index.js';
import { changeSubscription } from '../subscriber-state.js';

/**
 * Records a spam complaint of `email` about a delivery (a stat_complaints record, which the
 * webhooks trigger turns into `message.complained`) and acts on it: the person is
 * unsubscribed from every list (an installation has one sender: docs/decisions/complaints-and-provider-events.md)
 * and the address suppressed (reason `complaint`). A second complaint about the same
 * delivery records and changes nothing (`recorded: false`).
 */
export async function recordComplaint(
  db: Executor,
  complaint: { deliveryId: number; email: string; feedbackType: string; source: string },
): Promise<{ recorded: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO stat_complaints (delivery_id, mailing_id, campaign, email, datetime,
                                       feedback_type, source)
          SELECT d.id, m.id, m.campaign, ${complaint.email}, now(), ${complaint.feedbackType},
                 ${complaint.source}
            FROM deliveries d JOIN variants v ON v.id = d.variant_id
            JOIN mailings m ON m.id = v.mailing_id WHERE d.id = ${complaint.deliveryId}
          ON CONFLICT (delivery_id, lower(email)) DO NOTHING
          RETURNING id`,
    );
    if (!row) return { recorded: false };
    await changeSubscription(
      tx,
      { listIds: 'all', email: complaint.email },
      'unsubscribed',
      'complaint',
      { onlyFrom: ['active', 'pending'] },
    );
    await suppressAddress(tx, {
      email: complaint.email,
      reason: 'complaint',
      source: `${complaint.source} complaint (delivery ${complaint.deliveryId})`,
    });
    return { recorded: true };
  });
}
