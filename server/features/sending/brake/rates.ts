import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { queryRows } from '../../../db/query-rows.js';
import { complaintRecords } from './complaints.js';

export type RateCounts = { sent: number; complaints: number; hard_bounces: number };

/** An address's domain, lower-cased: how sent messages, bounces and complaints are grouped. */
const domainOf = (email: SQL) => sql`lower(split_part(${email}, '@', 2))`;

/**
 * Sent (accepted by the relay, bounced later or not), hard-bounced and complained-about
 * messages of one delivery, by recipient domain, most sent first. A bounce or complaint
 * counts once per address.
 */
export async function ratesByDomain(db: Executor, deliveryId: number) {
  const rows = await queryRows<{
    domain: string;
    sent: string | number;
    hard: string | number;
    complaints: string | number;
  }>(
    db,
    sql`WITH s AS (
          SELECT ${domainOf(sql`email`)} AS domain, count(*) AS n FROM delivery_recipients
           WHERE delivery_id = ${deliveryId} AND state IN ('sent', 'bounced') GROUP BY 1),
        h AS (
          SELECT ${domainOf(sql`email`)} AS domain, count(DISTINCT lower(email)) AS n
            FROM stat_bounces WHERE delivery_id = ${deliveryId} AND hard GROUP BY 1),
        c AS (
          SELECT ${domainOf(sql`email`)} AS domain, count(DISTINCT lower(email)) AS n
            FROM (${complaintRecords(sql`${deliveryId}::int`)}) x GROUP BY 1)
        SELECT domain, COALESCE(s.n, 0) AS sent, COALESCE(h.n, 0) AS hard,
               COALESCE(c.n, 0) AS complaints
          FROM s FULL JOIN h USING (domain) FULL JOIN c USING (domain)
         ORDER BY 2 DESC, 1`,
  );
  return rows.map((r) => ({
    domain: r.domain,
    sent: Number(r.sent),
    complaints: Number(r.complaints),
    hard_bounces: Number(r.hard),
  }));
}

/**
 * Running deliveries over a line (unless a person resumed one past it before): those that
 * sent at least `minSent` messages and whose
 * complaints or hard bounces exceed that share of them. One statement over the counters
 * (delivery_counts) and the records' delivery indexes.
 */
export async function deliveriesOverTheLine(
  db: Executor,
  brake: { complaintRate: number; bounceRate: number; minSent: number },
) {
  const rows = await queryRows<{
    id: number;
    sent: string | number;
    complaints: string | number;
    hard: string | number;
  }>(
    db,
    sql`SELECT * FROM (
          SELECT d.id,
                 (SELECT COALESCE(sum(n), 0) FROM delivery_counts c
                   WHERE c.delivery_id = d.id AND c.state IN ('sent', 'bounced')) AS sent,
                 (SELECT count(DISTINCT lower(email)) FROM stat_bounces b
                   WHERE b.delivery_id = d.id AND b.hard) AS hard,
                 (SELECT count(DISTINCT lower(email))
                    FROM (${complaintRecords(sql`d.id`)}) x) AS complaints
            FROM deliveries d WHERE d.status = 'running' AND NOT d.brake_off) r
         WHERE r.sent >= ${brake.minSent}
           AND (r.complaints > r.sent * ${brake.complaintRate}::float8
                OR r.hard > r.sent * ${brake.bounceRate}::float8)`,
  );
  return rows.map((r) => ({
    id: r.id,
    counts: {
      sent: Number(r.sent),
      complaints: Number(r.complaints),
      hard_bounces: Number(r.hard),
    },
  }));
}
