import { sql, type SQL } from 'drizzle-orm';
import type { SeriesInterval, StatisticCollection } from '../../../contract/statistics.js';
import type { Executor } from '../../db/client.js';
import type { Filters } from './filters.js';

export type RecordRow = {
  mailing_id: number;
  email: string;
  datetime: Date | string;
  url?: string;
  hard?: boolean;
  class?: string;
  reasons?: number;
  feedback_type?: string;
  source?: string;
};

const tables: Record<StatisticCollection, SQL> = {
  opens: sql.raw('stat_opens'),
  clicks: sql.raw('stat_clicks'),
  bounces: sql.raw('stat_bounces'),
  complaints: sql.raw('stat_complaints'),
};
const extraColumn: Record<StatisticCollection, SQL> = {
  opens: sql`, r.class, r.reasons`,
  clicks: sql`, r.url, r.class, r.reasons`,
  bounces: sql`, r.hard`,
  complaints: sql`, r.feedback_type, r.source`,
};

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The WHERE clause of a statistics query over `r`. `unique` keeps the earliest record of
 * each delivery and email (and url for clicks) before the other filters apply: the `first`
 * flag that the insert triggers maintain (migration 0002), so it costs no extra lookups.
 */
function where(kind: StatisticCollection, f: Filters): SQL {
  const conditions: SQL[] = [];
  // Compared as bigint, so an id past the integer range matches nothing instead of failing.
  if (f.campaign !== undefined) conditions.push(sql`r.campaign = ${f.campaign}::bigint`);
  if (f.mailing !== undefined) conditions.push(sql`r.mailing_id = ${f.mailing}::bigint`);
  // An automation's records are those of its send steps' deliveries (issue 31).
  if (f.automation !== undefined || f.step !== undefined)
    conditions.push(sql`r.delivery_id IN (SELECT id FROM deliveries
                         WHERE automation_id ${f.automation === undefined ? sql`IS NOT NULL` : sql`= ${f.automation}::bigint`}
                           ${f.step === undefined ? sql`` : sql`AND automation_step = ${f.step}::bigint`})`);
  if (f.date !== undefined) {
    // The day's end is PostgreSQL's sum (9999-12-31 ends in year 10000, past toISOString);
    // 24 hours, not '1 day', which a non-UTC session would stretch over a DST change.
    const start = sql`${`${f.date}T00:00:00Z`}::timestamptz`;
    conditions.push(sql`r.datetime >= ${start} AND r.datetime < ${start} + interval '24 hours'`);
  }
  // The spec's literal wording: from_datetime drops more recent records, to_datetime older ones.
  if (f.from_datetime !== undefined) {
    conditions.push(sql`r.datetime <= ${iso(f.from_datetime)}::timestamptz`);
  }
  if (f.to_datetime !== undefined) {
    conditions.push(sql`r.datetime >= ${iso(f.to_datetime)}::timestamptz`);
  }
  if (kind === 'clicks' && f.url !== undefined) conditions.push(sql`r.url = ${f.url}`);
  if (kind === 'bounces' && f.hard !== undefined) conditions.push(sql`r.hard = ${f.hard}`);
  if (kind === 'opens' || kind === 'clicks') conditions.push(...classConditions(kind, f));
  else if (f.unique) conditions.push(sql`r.first`);
  if (f.lists) {
    const ids = sql.join([...f.lists.map((id) => sql`${id}`), sql`NULL`], sql`, `);
    conditions.push(sql`r.mailing_id IN (SELECT id FROM mailings WHERE list_id IN (${ids}))`);
  }
  return conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
}

/**
 * `class` (issue 51) and `unique` together. Unique with `all` keeps the seed's earliest
 * record; with `human` the earliest human one (`first`, or `first_human` when a machine's
 * came before it, kept by the insert triggers); with `machine` the earliest machine one,
 * looked up (machine-only unique counts are rare).
 */
function classConditions(kind: 'opens' | 'clicks', f: Filters): SQL[] {
  const human = f.class === 'human';
  const machine = f.class === 'machine';
  const conditions: SQL[] = [];
  if (human) conditions.push(sql`r.class = 'human'`);
  if (machine) conditions.push(sql`r.class <> 'human'`);
  if (!f.unique) return conditions;
  if (human) conditions.push(sql`(r.first OR r.first_human)`);
  else if (machine) {
    const sameUrl = kind === 'clicks' ? sql`AND e.url = r.url` : sql``;
    conditions.push(sql`NOT EXISTS (SELECT 1 FROM ${tables[kind]} e
                         WHERE e.delivery_id = r.delivery_id AND e.email = r.email ${sameUrl}
                           AND e.class <> 'human' AND (e.datetime, e.id) < (r.datetime, r.id))`);
  } else conditions.push(sql`r.first`);
  return conditions;
}

/** Offsets such as +02:00 are normalized, so the database never sees a local time. */
const iso = (value: string) => new Date(value).toISOString();

export function statisticsRepository(db: Executor) {
  return {
    async count(kind: StatisticCollection, f: Filters): Promise<number> {
      const [row] = await rows<{ n: string | number }>(
        db,
        sql`SELECT count(*) AS n FROM ${tables[kind]} r ${where(kind, f)}`,
      );
      return Number(row!.n);
    },

    page(kind: StatisticCollection, f: Filters, limit: number, offset: number) {
      return rows<RecordRow>(
        db,
        sql`SELECT r.mailing_id, r.email, r.datetime ${extraColumn[kind]}
            FROM ${tables[kind]} r ${where(kind, f)}
            ORDER BY r.datetime, r.id LIMIT ${limit} OFFSET ${offset}`,
      );
    },

    series(kind: StatisticCollection, f: Filters, interval: SeriesInterval) {
      const unit = sql.raw(`'${interval}'`);
      return rows<{ bucket: Date | string; n: string | number }>(
        db,
        sql`SELECT date_trunc(${unit}, r.datetime, 'UTC') AS bucket, count(*) AS n
            FROM ${tables[kind]} r ${where(kind, f)}
            GROUP BY 1 ORDER BY 1`,
      );
    },

    topUrls(f: Filters, limit: number) {
      return rows<{ url: string; n: string | number }>(
        db,
        sql`SELECT r.url, count(*) AS n FROM stat_clicks r ${where('clicks', f)}
            GROUP BY r.url ORDER BY n DESC, r.url LIMIT ${limit}`,
      );
    },
  };
}
