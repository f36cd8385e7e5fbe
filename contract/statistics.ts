import { z } from 'zod';
import { datetime } from './common.js';

export const statisticKinds = ['opens', 'clicks', 'bounces'] as const;
export type StatisticKind = (typeof statisticKinds)[number];

/** Items of GET /api/v1/statistics/{opens|clicks|bounces}, exactly the spec's shapes. */
export const openRecord = z.looseObject({
  mailing: z.number().int(),
  email: z.string(),
  datetime,
});

export const clickRecord = openRecord.extend({ url: z.string() });

export const bounceRecord = openRecord.extend({ hard: z.boolean() });

export const statisticRecords = {
  opens: openRecord,
  clicks: clickRecord,
  bounces: bounceRecord,
} as const;
export type StatisticRecord<K extends StatisticKind> = z.infer<(typeof statisticRecords)[K]>;

/**
 * Extension (issue 52): spam complaints, GET /api/v1/statistics/complaints and …/series with
 * the filters common to every kind (`hard` is the bounces' own). `feedback_type`: the ARF
 * Feedback-Type (`abuse`, `fraud`, …) or the provider's; `source`: `arf`, `ses`, `sendgrid`,
 * `mailgun` or `postmark`. A person's complaint about one delivery counts once.
 */
export const complaintRecord = openRecord.extend({ feedback_type: z.string(), source: z.string() });
/** The server's collections: the spec's three kinds and the complaints extension. */
export const statisticCollections = [...statisticKinds, 'complaints'] as const;
export type StatisticCollection = (typeof statisticCollections)[number];

/**
 * Filters common to the three collections and to the extensions (docs/decisions/api-choices.md):
 * - `campaign`, `mailing`: ids; an unknown id matches nothing.
 * - `automation`, `step` (extension, issue 31): an automation's send steps' records; `step`
 *   is a step's id (`steps[i].id`), and alone keeps any automation's step of that id.
 * - `unique`: keeps the earliest record per (delivery, email) — per (delivery, email, url)
 *   for clicks — and then applies the other filters, so daily unique counts add up.
 * - `date`: a UTC day, `YYYY-MM-DD`.
 * - `from_datetime=X` keeps records with datetime <= X and `to_datetime=Y` keeps datetime
 *   >= Y: the spec's literal wording ("drop results with a more/less recent datetime").
 *   A natural range {start, end} is therefore `to_datetime=start&from_datetime=end`.
 * Booleans are sent as `true`/`false` (the server also accepts 1/0).
 */
export type StatisticsFilters = {
  campaign?: number;
  mailing?: number;
  automation?: number;
  step?: number;
  unique?: boolean;
  date?: string;
  from_datetime?: string;
  to_datetime?: string;
};
export type ClickFilters = StatisticsFilters & { url?: string };
export type BounceFilters = StatisticsFilters & { hard?: boolean };
export type StatisticFilters<K extends StatisticKind> = K extends 'clicks'
  ? ClickFilters
  : K extends 'bounces'
    ? BounceFilters
    : StatisticsFilters;

/**
 * Extension for charts: GET /api/v1/statistics/{kind}/series?interval=hour|day&…filters →
 * `[{bucket, count}]`. `bucket` is the UTC start of the hour or day; only buckets holding at
 * least one record are returned, ascending.
 * With `unique`, a record counts in the bucket of its earliest occurrence.
 */
export const seriesIntervals = ['hour', 'day'] as const;
export type SeriesInterval = (typeof seriesIntervals)[number];

export const seriesPoint = z.object({ bucket: datetime, count: z.number().int() });
export type SeriesPoint = z.infer<typeof seriesPoint>;
export const series = z.array(seriesPoint);

/**
 * Extension: GET /api/v1/statistics/clicks/urls?…click filters&limit=N → the most clicked
 * URLs, `[{url, count}]`, by count descending then url. `limit` defaults to 10 (1–100).
 * With `unique`, each (delivery, email, url) counts once.
 */
export const topUrl = z.object({ url: z.string(), count: z.number().int() });
export type TopUrl = z.infer<typeof topUrl>;
export const topUrls = z.array(topUrl);
export const TOP_URLS_DEFAULT_LIMIT = 10;
export const TOP_URLS_MAX_LIMIT = 100;
