import type { SeriesInterval, SeriesPoint } from '../../api/statistics';
import { bucketStart, intervalMs, lastBucket, type TimeWindow } from './time-window';

/** One line of an overlaid chart: a mailing (or several summed), keyed `g0`, `g1`, …. */
export type OverlaySeries = {
  key: string;
  points: readonly SeriesPoint[];
  /** Epoch ms of the first delivery; needed to align on the time since delivery. */
  deliveredAt?: number;
};

/**
 * A chart/table row: `x` is the bucket start (epoch ms) or, aligned, the number of hours or
 * days since the delivery; one count per series key. A key is missing where that series has
 * no data yet (a mailing sent two days ago has no "day 5"), which draws as a gap, not a zero.
 */
export type OverlayRow = { x: number; [key: string]: number | undefined };

const countsByBucket = (points: readonly SeriesPoint[], interval: SeriesInterval) => {
  const counts = new Map<number, number>();
  for (const p of points) {
    const t = bucketStart(Date.parse(p.bucket), interval);
    counts.set(t, (counts.get(t) ?? 0) + p.count);
  }
  return counts;
};

/** Every bucket of the window up to now, zero where nothing happened. */
export function overlayByTime(
  series: readonly OverlaySeries[],
  interval: SeriesInterval,
  window: TimeWindow,
  now: number,
): OverlayRow[] {
  const step = intervalMs[interval];
  const counts = series.map((s) => countsByBucket(s.points, interval));
  const rows: OverlayRow[] = [];
  for (
    let t = bucketStart(window.start, interval);
    t <= lastBucket(window, interval, now);
    t += step
  ) {
    const row: OverlayRow = { x: t };
    series.forEach((s, i) => (row[s.key] = counts[i]!.get(t) ?? 0));
    rows.push(row);
  }
  return rows;
}

/**
 * Hours or days since each series' first delivery (offset 0 = the bucket the delivery went
 * out in). A series is filled with zeros up to the last offset it could have data for (the
 * window's end or now), and left empty after that; records before the delivery are dropped.
 */
export function overlayByOffset(
  series: readonly OverlaySeries[],
  interval: SeriesInterval,
  window: TimeWindow,
  now: number,
): OverlayRow[] {
  const step = intervalMs[interval];
  const aligned = series.map((s) => {
    if (s.deliveredAt === undefined)
      return { key: s.key, counts: new Map<number, number>(), last: -1 };
    const zero = bucketStart(s.deliveredAt, interval);
    const counts = new Map<number, number>();
    for (const [t, count] of countsByBucket(s.points, interval)) {
      const offset = Math.round((t - zero) / step);
      if (offset >= 0) counts.set(offset, count);
    }
    const last = Math.floor((lastBucket(window, interval, now) - zero) / step);
    return { key: s.key, counts, last };
  });
  const end = Math.max(-1, ...aligned.map((a) => a.last));
  const rows: OverlayRow[] = [];
  for (let offset = 0; offset <= end; offset++) {
    const row: OverlayRow = { x: offset };
    for (const a of aligned) if (offset <= a.last) row[a.key] = a.counts.get(offset) ?? 0;
    rows.push(row);
  }
  return rows;
}

/** The first delivery that has gone out, from a mailing's variants (undefined if none). */
export function firstDelivery(
  variants: readonly { deliveries: readonly { scheduled_datetime: string }[] }[],
  now: number,
): number | undefined {
  const times = variants
    .flatMap((v) => v.deliveries.map((d) => Date.parse(d.scheduled_datetime)))
    .filter((t) => Number.isFinite(t) && t <= now);
  return times.length > 0 ? Math.min(...times) : undefined;
}

/** Sum of each series over the rows, for captions and table footers. */
export function seriesTotals(rows: readonly OverlayRow[], keys: readonly string[]) {
  return Object.fromEntries(keys.map((k) => [k, rows.reduce((a, r) => a + (r[k] ?? 0), 0)]));
}
