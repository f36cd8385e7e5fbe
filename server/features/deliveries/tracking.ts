import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/**
 * A hit of a tracked link or pixel → a record of the spec's statistics (stat_opens /
 * stat_clicks) for the delivery: `who` is a send-log id (the recipient's email is
 * recorded), `d<delivery>` (TRACKING=counts: the record's email is empty) or `t` (a test
 * message: nothing is recorded). Returns whether a record was written.
 *
 * One statement per hit, and committed without waiting for the WAL flush
 * (`synchronous_commit = off` for this transaction only, set inside the statement so it
 * costs no extra round trip): a hit then costs no fsync, which bounded the redirect at the
 * disk's flush rate. The trade: if PostgreSQL itself crashes (not this server), the hits of
 * its last moments (up to 3 × wal_writer_delay, 600 ms by default) can be lost although
 * they were answered; the database stays consistent, and statistics lose a few records at
 * worst. Nothing else (subscribers, deliveries, the send log) is written this way.
 */
export async function recordHit(db: Executor, who: string, url?: string): Promise<boolean> {
  const table = url === undefined ? sql`stat_opens` : sql`stat_clicks`;
  const columns = url === undefined ? sql`` : sql`, url`;
  const value = url === undefined ? sql`` : sql`, ${url}`;
  let source;
  if (/^\d{1,15}$/.test(who)) {
    source = sql`SELECT r.delivery_id, m.id, m.campaign, r.email, now() ${value}
                   FROM relaxed, delivery_recipients r JOIN deliveries d ON d.id = r.delivery_id
                   JOIN variants v ON v.id = d.variant_id JOIN mailings m ON m.id = v.mailing_id
                  WHERE r.id = ${Number(who)}`;
  } else if (/^d\d{1,9}$/.test(who)) {
    source = sql`SELECT d.id, m.id, m.campaign, '', now() ${value}
                   FROM relaxed, deliveries d JOIN variants v ON v.id = d.variant_id
                   JOIN mailings m ON m.id = v.mailing_id WHERE d.id = ${Number(who.slice(1))}`;
  } else return false;
  const result = (await db.execute(sql`
    WITH relaxed AS (SELECT set_config('synchronous_commit', 'off', true))
    INSERT INTO ${table} (delivery_id, mailing_id, campaign, email, datetime ${columns})
    ${source}`)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return (result.rowCount ?? result.affectedRows ?? 0) > 0;
}
