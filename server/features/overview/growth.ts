import { sql } from 'drizzle-orm';
import {
  UNSUBSCRIBES_MAX,
  type GrowthBucket,
  type growthIntervals,
  type UnsubscribeEntry,
} from '../../../contract/overview.js';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';

type Interval = (typeof growthIntervals)[number];
const COUNTED = [
  'subscribed',
  'confirmed',
  'unsubscribed',
  'bounced',
  'complained',
  'deleted',
] as const;
type DayRow = Record<(typeof COUNTED)[number] | 'active_change', unknown> & { day: string };

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);
/** Today in UTC, the day list_growth_days writes. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * A list's growth per bucket between `from` and `to` (UTC days, both included), from the kept
 * day counters (list_growth_days): each bucket's events, and the active subscribers at its
 * end, which is today's kept count less every later day's net change. Undefined: no such list.
 */
export async function listGrowth(
  db: Executor,
  listId: number,
  query: { from?: string; to?: string; interval: Interval },
): Promise<GrowthBucket[] | undefined> {
  const [counts] = await queryRows<{ active: unknown }>(
    db,
    sql`SELECT active FROM list_subscriber_counts WHERE list_id = ${listId}`,
  );
  if (!counts) return undefined;
  const to = query.to ?? todayUtc();
  const from = query.from ?? addDays(to, -29);
  // Every day from the period's start on, newest first: the later ones only move the active
  // count back.
  const days = await queryRows<DayRow>(
    db,
    sql`SELECT day::text AS day, subscribed, confirmed, unsubscribed, bounced, complained, deleted,
               active_change
          FROM list_growth_days WHERE list_id = ${listId} AND day >= ${from}::date
         ORDER BY day DESC`,
  );
  const starts = bucketStarts(from, to, query.interval);
  let active = Number(counts.active);
  let next = 0;
  const result: GrowthBucket[] = [];
  // One pass, newest bucket first: undo the days after its end, then count and undo its own.
  for (let i = starts.length - 1; i >= 0; i--) {
    const start = starts[i]!;
    const end = i === starts.length - 1 ? to : addDays(starts[i + 1]!, -1);
    while (next < days.length && days[next]!.day > end) {
      active -= Number(days[next]!.active_change);
      next++;
    }
    const bucket: GrowthBucket = {
      bucket: start,
      subscribed: 0,
      confirmed: 0,
      unsubscribed: 0,
      bounced: 0,
      complained: 0,
      deleted: 0,
      active,
    };
    while (next < days.length && days[next]!.day >= start) {
      const day = days[next]!;
      for (const key of COUNTED) bucket[key] += Number(day[key]);
      active -= Number(day.active_change);
      next++;
    }
    result.push(bucket);
  }
  return result.reverse();
}

/** The first day of each bucket from `from`'s to `to`'s (UTC; weeks start on Monday). */
function bucketStarts(from: string, to: string, interval: Interval) {
  const first = new Date(`${from}T00:00:00Z`);
  if (interval === 'week') first.setUTCDate(first.getUTCDate() - ((first.getUTCDay() + 6) % 7));
  if (interval === 'month') first.setUTCDate(1);
  const starts: string[] = [];
  for (const d = first; d.toISOString().slice(0, 10) <= to;) {
    starts.push(d.toISOString().slice(0, 10));
    if (interval === 'day') d.setUTCDate(d.getUTCDate() + 1);
    else if (interval === 'week') d.setUTCDate(d.getUTCDate() + 7);
    else d.setUTCMonth(d.getUTCMonth() + 1);
  }
  return starts;
}

/**
 * Who unsubscribed from a list on one UTC day, newest first, from the history (its partial
 * index of unsubscribes, migration 0047). Undefined: no such list.
 */
export async function dayUnsubscribes(
  db: Executor,
  listId: number,
  day: string,
): Promise<UnsubscribeEntry[] | undefined> {
  const [list] = await queryRows(db, sql`SELECT 1 FROM lists WHERE id = ${listId}`);
  if (!list) return undefined;
  const rows = await queryRows<{
    id: number;
    email: string;
    at: Date | string;
    via: string | null;
  }>(
    db,
    sql`SELECT s.id, s.email, h.at, h.via
          FROM subscriber_history h JOIN subscribers s ON s.id = h.subscriber_id
         WHERE h.list_id = ${listId} AND h.kind = 'state' AND h.new_value = '"unsubscribed"'::jsonb
           AND h.at >= ${day}::date AT TIME ZONE 'UTC'
           AND h.at < (${day}::date + 1) AT TIME ZONE 'UTC'
         ORDER BY h.at DESC, h.id DESC LIMIT ${UNSUBSCRIBES_MAX}`,
  );
  return rows.map((r) => ({
    subscriber: r.id,
    email: r.email,
    datetime: new Date(r.at).toISOString(),
    via: r.via,
  }));
}
