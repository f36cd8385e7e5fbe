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

/**
 * Extension (issue 51): who made an open or a click. `human`, or a machine: Apple's Mail
 * Privacy Protection proxy, a scanner (secure gateway, link checker) or a prefetcher (link
 * previews, known bots). Every open and click record carries `class` and `reasons`.
 */
export const hitClasses = ['human', 'apple_proxy', 'scanner', 'prefetch'] as const;
export type HitClass = (typeof hitClasses)[number];

/**
 * Why a hit got its class. `legacy`: recorded before hits were classified (human);
 * `image_proxy`: a proxy that fetches for a person who opens (Gmail, Yahoo), human.
 * The order is the storage's bit order: append only.
 */
export const hitReasons = [
  'legacy',
  'apple_proxy',
  'scanner_range',
  'scanner_agent',
  'head',
  'early',
  'burst',
  'trap',
  'bot',
  'no_agent',
  'image_proxy',
] as const;
export type HitReason = (typeof hitReasons)[number];

/** `class` filter of opens and clicks: `machine` is every class but `human`; default `all`. */
export const classFilters = ['human', 'machine', 'all'] as const;
export type ClassFilter = (typeof classFilters)[number];

export const hitFields = { class: z.enum(hitClasses), reasons: z.array(z.enum(hitReasons)) };

/**
 * Extension: GET /api/v1/statistics/clients?mailing=…[&class=…] → opens and clicks by client
 * family (Apple Mail, Gmail, Outlook, …), device type (desktop, mobile, proxy, machine,
 * unknown), class and machine reason, most hits first.
 */
export const clientRow = z.object({
  name: z.string(),
  opens: z.number().int(),
  clicks: z.number().int(),
});
export const clientsReport = z.object({
  families: z.array(clientRow),
  devices: z.array(clientRow),
  /** By class (`human`, `apple_proxy`, …), and machines' hits by reason ("why machine"). */
  classes: z.array(clientRow),
  reasons: z.array(clientRow),
});
export type ClientsReport = z.infer<typeof clientsReport>;

/** Extension: POST /api/v1/statistics/reclassify → how many hits were looked at and changed. */
export const reclassifyResult = z.object({
  opens: z.object({ checked: z.number().int(), changed: z.number().int() }),
  clicks: z.object({ checked: z.number().int(), changed: z.number().int() }),
});

/**
 * Extension: GET /api/v1/statistics/click-map?mailing=…[&variant=…] → one variant's layout
 * with each web link's clicks (issue 51): `html` is the layout with a badge after each link
 * (to be shown only in the sandboxed preview), `links` the same counts as a table. `position`
 * tells links to the same URL apart: the n-th link to it in the layout.
 */
export const clickMapLink = z.object({
  url: z.string(),
  position: z.number().int(),
  human: z.number().int(),
  machine: z.number().int(),
});
export const clickMap = z.object({
  variant: z.number().int(),
  html: z.string(),
  links: z.array(clickMapLink),
});
export type ClickMap = z.infer<typeof clickMap>;
