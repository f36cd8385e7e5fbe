import type { SeriesInterval } from '../../api/statistics';
import { DAY_MS, type ViewState } from './view-params';

export const HOUR_MS = 3_600_000;
export const intervalMs: Record<SeriesInterval, number> = { hour: HOUR_MS, day: DAY_MS };

/** Half-open UTC window `[start, end)` in epoch milliseconds. */
export type TimeWindow = { start: number; end: number };

/** Ranges shorter than this are charted per hour, longer ones per day (issue 8). */
export const HOURLY_BELOW_MS = 7 * DAY_MS;

/** The window the view covers: a single day, or its inclusive range of dates. */
export function viewWindow(view: Pick<ViewState, 'start' | 'end' | 'day'>): TimeWindow {
  const first = view.day ?? view.start;
  const last = view.day ?? view.end;
  return {
    start: Date.parse(`${first}T00:00:00Z`),
    end: Date.parse(`${last}T00:00:00Z`) + DAY_MS,
  };
}

/** Hourly buckets for windows under 7 days (a single day, up to six dates), else daily. */
export function chooseInterval(window: TimeWindow): SeriesInterval {
  return window.end - window.start < HOURLY_BELOW_MS ? 'hour' : 'day';
}

/** The start of the UTC hour or day holding `ms`. */
export const bucketStart = (ms: number, interval: SeriesInterval) =>
  Math.floor(ms / intervalMs[interval]) * intervalMs[interval];

/**
 * The last bucket worth drawing: the window's end, or now when the window reaches into the
 * future (zeros after now would read as "nobody opened it").
 */
export const lastBucket = (window: TimeWindow, interval: SeriesInterval, now: number) =>
  bucketStart(Math.min(window.end - 1, now), interval);
