import { sql, type SQL } from 'drizzle-orm';
import type { Overview, RecentMailing } from '../../../contract/overview.js';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';

/**
 * The home's cards (GET /api/v1/overview), one function each, reading kept counters only:
 * list_subscriber_counts, list_growth_days, delivery_counts, mailing_stat_counts and
 * automation_waiting_counts. Each
 * takes the caller's lists (`visibleLists`: null for every list). Nothing here counts records:
 * a figure another feature records is kept by a trigger of sql/ (human opens and clicks,
 * complaints: mailing_stat_counts).
 */
export type Lists = number[] | null;

const n = (v: unknown) => Number(v ?? 0);
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const intArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
/** A condition on a list id column: true for every list, else the caller's lists. */
const visible = (column: SQL, lists: Lists) =>
  lists === null ? sql`true` : sql`${column} = ANY(${intArray(lists)})`;
const today = sql`(now() AT TIME ZONE 'UTC')::date`;

/** Active subscribers per list now, and their change over 7, 30 and 90 days. */
export async function audienceCard(db: Executor, lists: Lists): Promise<Overview['audience']> {
  const rows = await queryRows<{
    id: number;
    name: string;
    active: unknown;
    days_7: unknown;
    days_30: unknown;
    days_90: unknown;
    since: string | null;
  }>(
    db,
    sql`SELECT l.id, l.name, c.active,
               (SELECT coalesce(sum(g.active_change) FILTER (WHERE g.day > ${today} - 7), 0) FROM list_growth_days g
                 WHERE g.list_id = l.id AND g.day > ${today} - 90) AS days_7,
               (SELECT coalesce(sum(g.active_change) FILTER (WHERE g.day > ${today} - 30), 0) FROM list_growth_days g
                 WHERE g.list_id = l.id AND g.day > ${today} - 90) AS days_30,
               (SELECT coalesce(sum(g.active_change), 0) FROM list_growth_days g
                 WHERE g.list_id = l.id AND g.day > ${today} - 90) AS days_90,
               (SELECT min(g.day)::text FROM list_growth_days g WHERE g.list_id = l.id) AS since
          FROM lists l JOIN list_subscriber_counts c ON c.list_id = l.id
         WHERE ${visible(sql`l.id`, lists)}
         ORDER BY c.active DESC, l.id`,
  );
  const perList = rows.map((r) => ({
    id: r.id,
    name: r.name,
    active: n(r.active),
    change: { days_7: n(r.days_7), days_30: n(r.days_30), days_90: n(r.days_90) },
    since: r.since,
  }));
  const sum = (pick: (l: (typeof perList)[number]) => number) =>
    perList.reduce((total, l) => total + pick(l), 0);
  return {
    active: sum((l) => l.active),
    change: {
      days_7: sum((l) => l.change.days_7),
      days_30: sum((l) => l.change.days_30),
      days_90: sum((l) => l.change.days_90),
    },
    lists: perList,
  };
}

/** The five mailings whose deliveries started last, with what their recipients did. */
export async function recentMailingsCard(db: Executor, lists: Lists): Promise<RecentMailing[]> {
  const rows = await queryRows<{
    id: number;
    name: string;
    list_id: number;
    started: Date | string;
    sent: unknown;
    opened: unknown;
    clicked: unknown;
    bounces: unknown;
    human_opened: unknown;
    human_clicked: unknown;
    complaints: unknown;
  }>(
    db,
    sql`WITH recent AS (
          SELECT v.mailing_id, min(d.started_datetime) AS started, max(d.started_datetime) AS last
            FROM deliveries d JOIN variants v ON v.id = d.variant_id
                 JOIN mailings m ON m.id = v.mailing_id
           WHERE d.started_datetime IS NOT NULL AND ${visible(sql`m.list_id`, lists)}
           GROUP BY 1 ORDER BY last DESC, 1 DESC LIMIT 5)
        SELECT m.id, m.name, m.list_id, r.started,
               (SELECT coalesce(sum(c.n), 0) FROM variants v JOIN deliveries d ON d.variant_id = v.id
                  JOIN delivery_counts c ON c.delivery_id = d.id AND c.state = 'sent'
                 WHERE v.mailing_id = m.id) AS sent,
               s.opened, s.clicked, s.bounces,
               -- People, not machines (issue 51), kept as classes change (migration 0052).
               s.human_opened, s.human_clicked, s.complaints
          FROM recent r JOIN mailings m ON m.id = r.mailing_id
          LEFT JOIN mailing_stat_counts s ON s.mailing_id = m.id
         ORDER BY r.last DESC, m.id DESC`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    list: r.list_id,
    sent_datetime: iso(r.started),
    sent: n(r.sent),
    opened: n(r.opened),
    clicked: n(r.clicked),
    bounces: n(r.bounces),
    human_opened: n(r.human_opened),
    human_clicked: n(r.human_clicked),
    complaints: n(r.complaints),
  }));
}

type Running = NonNullable<Overview['running']>;

/** Deliveries scheduled, running or paused (not automations' steps), with their progress. */
export async function runningDeliveries(
  db: Executor,
  lists: Lists,
): Promise<NonNullable<Running['deliveries']>> {
  const rows = await queryRows<{
    id: number;
    mailing_id: number;
    name: string;
    status: 'scheduled' | 'running' | 'paused';
    scheduled_datetime: Date | string;
    pause_reason: string;
    total: unknown;
    sent: unknown;
    failed: unknown;
  }>(
    db,
    sql`SELECT d.id, m.id AS mailing_id, m.name, d.status, d.scheduled_datetime, d.pause_reason,
               (SELECT sum(c.n) FROM delivery_counts c WHERE c.delivery_id = d.id) AS total,
               (SELECT sum(c.n) FROM delivery_counts c WHERE c.delivery_id = d.id AND c.state = 'sent') AS sent,
               (SELECT sum(c.n) FROM delivery_counts c WHERE c.delivery_id = d.id AND c.state = 'failed') AS failed
          FROM deliveries d JOIN variants v ON v.id = d.variant_id JOIN mailings m ON m.id = v.mailing_id
         WHERE d.status IN ('scheduled', 'running', 'paused') AND d.automation_id IS NULL
           AND ${visible(sql`m.list_id`, lists)}
         ORDER BY CASE d.status WHEN 'running' THEN 0 WHEN 'paused' THEN 1 ELSE 2 END,
                  d.scheduled_datetime, d.id
         LIMIT 10`,
  );
  return rows.map((r) => ({
    id: r.id,
    mailing: r.mailing_id,
    mailing_name: r.name,
    status: r.status,
    scheduled_datetime: iso(r.scheduled_datetime)!,
    total: n(r.total),
    sent: n(r.sent),
    failed: n(r.failed),
    pause_reason: r.pause_reason,
  }));
}

/** Active automations with runs waiting for their next step (kept: migration 0053). */
export async function waitingAutomations(
  db: Executor,
  lists: Lists,
): Promise<NonNullable<Running['automations']>> {
  const rows = await queryRows<{ id: number; name: string; list_id: number; waiting: unknown }>(
    db,
    sql`SELECT a.id, a.name, a.list_id,
               coalesce(w.waiting, 0) AS waiting
          FROM automations a LEFT JOIN automation_waiting_counts w ON w.automation_id = a.id
         WHERE a.state = 'active' AND ${visible(sql`a.list_id`, lists)}
         ORDER BY a.id LIMIT 10`,
  );
  return rows.map((r) => ({ id: r.id, name: r.name, list: r.list_id, waiting: n(r.waiting) }));
}

/** Imports queued or running. */
export async function runningImports(
  db: Executor,
  lists: Lists,
): Promise<NonNullable<Running['imports']>> {
  const rows = await queryRows<{
    id: number;
    list_id: number;
    file: string;
    status: 'queued' | 'running';
    processed_rows: number;
    total_rows: number | null;
  }>(
    db,
    sql`SELECT id, list_id, file, status, processed_rows, total_rows FROM imports
         WHERE status IN ('queued', 'running') AND ${visible(sql`list_id`, lists)}
         ORDER BY id LIMIT 10`,
  );
  return rows.map((r) => ({
    id: r.id,
    list: r.list_id,
    file: r.file,
    status: r.status,
    processed_rows: n(r.processed_rows),
    total_rows: r.total_rows === null ? null : n(r.total_rows),
  }));
}
