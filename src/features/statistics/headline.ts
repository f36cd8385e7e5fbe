import type { StatisticKind } from '../../api/statistics';
import type { ChartFilters, StatisticsApi } from './chart-data';

/**
 * Headline numbers of one mailing (or of everything the filters match), from the spec's own
 * collections: each is the `count` of a one-record page, so they are exact on any
 * deployment. `hard` and `soft` follow the unique toggle; the totals show both modes.
 */
export type Headline = {
  opens: { total: number; unique: number };
  clicks: { total: number; unique: number };
  bounces: { total: number; unique: number; hard: number; soft: number };
};

export async function loadHeadline(
  api: Pick<StatisticsApi, 'page'>,
  filters: ChartFilters,
  signal?: AbortSignal,
): Promise<Headline> {
  const { url, hard, unique, ...common } = filters;
  const count = async (kind: StatisticKind, extra: Record<string, unknown>) =>
    (await api.page(kind, { ...common, ...extra, page: 1, page_size: 1 }, signal)).count;
  const clicks = url === undefined ? {} : { url };
  const bounces = hard === undefined ? {} : { hard };
  const [opensTotal, opensUnique, clicksTotal, clicksUnique, bTotal, bUnique, bHard, bSoft] =
    await Promise.all([
      count('opens', {}),
      count('opens', { unique: true }),
      count('clicks', clicks),
      count('clicks', { ...clicks, unique: true }),
      count('bounces', bounces),
      count('bounces', { ...bounces, unique: true }),
      count('bounces', { hard: true, ...(unique ? { unique } : {}) }),
      count('bounces', { hard: false, ...(unique ? { unique } : {}) }),
    ]);
  return {
    opens: { total: opensTotal, unique: opensUnique },
    clicks: { total: clicksTotal, unique: clicksUnique },
    bounces: { total: bTotal, unique: bUnique, hard: bHard, soft: bSoft },
  };
}

export function sumHeadlines(parts: readonly Headline[]): Headline {
  const sum = (pick: (h: Headline) => number) => parts.reduce((a, h) => a + pick(h), 0);
  return {
    opens: { total: sum((h) => h.opens.total), unique: sum((h) => h.opens.unique) },
    clicks: { total: sum((h) => h.clicks.total), unique: sum((h) => h.clicks.unique) },
    bounces: {
      total: sum((h) => h.bounces.total),
      unique: sum((h) => h.bounces.unique),
      hard: sum((h) => h.bounces.hard),
      soft: sum((h) => h.bounces.soft),
    },
  };
}

/**
 * Unique records per recipient: unique opens (or clicks) ÷ the base, the list's active
 * subscribers. Undefined without a base (several mailings summed, another deployment
 * without subscriber counts, an empty list).
 */
export function uniqueRate(unique: number, base: number | undefined): number | undefined {
  return base === undefined || base <= 0 ? undefined : unique / base;
}
