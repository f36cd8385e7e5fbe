import { z } from 'zod';
import {
  classFilters,
  type ClassFilter,
  TOP_URLS_DEFAULT_LIMIT,
  TOP_URLS_MAX_LIMIT,
  seriesIntervals,
  type StatisticCollection,
} from '../../../contract/statistics.js';
import {
  paginationQuery,
  queryBoolean,
  queryDate,
  queryDatetime,
  queryFilter,
  queryInt,
} from '../../lib/query.js';

/** Filters every statistics path accepts (spec: Statistics; docs/decisions/api-choices.md for their meaning). */
const commonFilters = {
  campaign: queryFilter(queryInt),
  mailing: queryFilter(queryInt),
  /** Extension (issue 31): records of an automation's send steps; `step` one of them (its id). */
  automation: queryFilter(queryInt),
  step: queryFilter(queryInt),
  unique: queryFilter(queryBoolean),
  date: queryFilter(queryDate),
  from_datetime: queryFilter(queryDatetime),
  to_datetime: queryFilter(queryDatetime),
};

/** Extension (issue 51): who made the hits counted; `all` by default, as the seed. */
const hitClass = { class: queryFilter(z.enum(classFilters)) };

const kindFilters = {
  opens: hitClass,
  clicks: { url: queryFilter(z.url()), ...hitClass },
  bounces: { hard: queryFilter(queryBoolean) },
  complaints: {},
} as const;

export type Filters = {
  campaign?: number;
  mailing?: number;
  automation?: number;
  step?: number;
  unique?: boolean;
  date?: string;
  from_datetime?: string;
  to_datetime?: string;
  url?: string;
  hard?: boolean;
  class?: ClassFilter;
  /** Not a query parameter: the caller's lists (docs/decisions/roles-and-access.md); absent or null, all. */
  lists?: number[] | null;
};

export const pageQuery = (kind: StatisticCollection) =>
  z.object({ ...commonFilters, ...kindFilters[kind], ...paginationQuery });

export const seriesQuery = (kind: StatisticCollection) =>
  z.object({
    ...commonFilters,
    ...kindFilters[kind],
    interval: z.enum(seriesIntervals),
  });

export const topUrlsQuery = z.object({
  ...commonFilters,
  ...kindFilters.clicks,
  limit: queryInt
    .pipe(z.number().int().min(1).max(TOP_URLS_MAX_LIMIT))
    .default(TOP_URLS_DEFAULT_LIMIT),
});
