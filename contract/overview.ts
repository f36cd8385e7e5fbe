import { z } from 'zod';
import { datetime, storableDate } from './common.js';

/**
 * The home (extension, issue 56, docs/decisions/home-overview.md): GET /api/v1/overview answers
 * one object whose cards are each present only when the caller may read them, and only with
 * the lists it may see. Figures another feature adds (complaints, human opens) are optional
 * members: absent where the server does not record them.
 */

/** Change of active subscribers over the last 7, 30 and 90 days (UTC days, today included). */
const activeChange = z.looseObject({
  days_7: z.number(),
  days_30: z.number(),
  days_90: z.number(),
});

const listAudience = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  active: z.number(),
  change: activeChange,
  /** The first UTC day its history records (null: none yet): where a chart of its life starts. */
  since: storableDate.nullable(),
});

export const audienceCard = z.looseObject({
  active: z.number(),
  change: activeChange,
  lists: z.array(listAudience),
});

export const recentMailing = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  list: z.number().int(),
  /** When its first delivery started; null while none has. */
  sent_datetime: datetime.nullable(),
  sent: z.number(),
  /** Distinct addresses per delivery that opened / clicked (the statistics' unique count). */
  opened: z.number(),
  clicked: z.number(),
  bounces: z.number(),
  human_opened: z.number().optional(),
  human_clicked: z.number().optional(),
  complaints: z.number().optional(),
});

const runningDelivery = z.looseObject({
  id: z.number().int(),
  mailing: z.number().int(),
  mailing_name: z.string(),
  status: z.enum(['scheduled', 'running', 'paused']),
  scheduled_datetime: datetime,
  total: z.number(),
  sent: z.number(),
  failed: z.number(),
  pause_reason: z.string(),
});

const waitingAutomation = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  list: z.number().int(),
  /** Runs not finished: waiting for their next step. */
  waiting: z.number(),
});

const runningImport = z.looseObject({
  id: z.number().int(),
  list: z.number().int(),
  file: z.string(),
  status: z.enum(['queued', 'running']),
  processed_rows: z.number(),
  total_rows: z.number().nullable(),
});

export const runningCard = z.looseObject({
  deliveries: z.array(runningDelivery).optional(),
  automations: z.array(waitingAutomation).optional(),
  imports: z.array(runningImport).optional(),
});

export const warningKinds = [
  'delivery_paused',
  'smtp_login_refused',
  'webhook_failing',
  'sender_domain',
] as const;

export const overviewWarning = z.looseObject({
  kind: z.enum(warningKinds),
  message: z.string(),
  /** The screen that acts on it, as a path of the SPA. */
  link: z.string(),
});

export const overview = z.looseObject({
  audience: audienceCard.optional(),
  mailings: z.array(recentMailing).optional(),
  running: runningCard.optional(),
  warnings: z.array(overviewWarning).optional(),
});
export type Overview = z.infer<typeof overview>;
export type RecentMailing = z.infer<typeof recentMailing>;
export type OverviewWarning = z.infer<typeof overviewWarning>;

/**
 * GET /api/v1/lists/{id}/growth?from&to&interval=day|week|month (extension): the list's
 * movement per bucket (UTC; a week starts on Monday), every bucket of the period present.
 * `active` is the count of active subscribers at the bucket's end.
 */
export const growthIntervals = ['day', 'week', 'month'] as const;
export const GROWTH_MAX_DAYS = 3660;

export const growthQuery = z
  .object({
    from: storableDate.optional(),
    to: storableDate.optional(),
    interval: z.enum(growthIntervals).default('day'),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'Must not be after "to".' });
    }
    if (q.from && q.to && (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 > GROWTH_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'At most ten years at once.' });
    }
  });
export type GrowthQuery = z.input<typeof growthQuery>;

export const growthBucket = z.looseObject({
  bucket: storableDate,
  subscribed: z.number(),
  confirmed: z.number(),
  unsubscribed: z.number(),
  bounced: z.number(),
  complained: z.number(),
  deleted: z.number(),
  active: z.number(),
});
export type GrowthBucket = z.infer<typeof growthBucket>;

/**
 * GET /api/v1/lists/{id}/unsubscribes?date=YYYY-MM-DD (extension): who unsubscribed from the
 * list that UTC day, from the subscribers' history, newest first (at most UNSUBSCRIBES_MAX).
 */
export const UNSUBSCRIBES_MAX = 1000;
export const unsubscribesQuery = z.object({ date: storableDate });
export const unsubscribeEntry = z.looseObject({
  subscriber: z.number().int(),
  email: z.string(),
  datetime,
  via: z.string().nullable(),
});
export type UnsubscribeEntry = z.infer<typeof unsubscribeEntry>;
