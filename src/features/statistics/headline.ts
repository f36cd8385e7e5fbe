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
  /**
   * Machines' opens and clicks, shown beside people's (issue 51): only when the numbers
   * above are people's (`class=human`).
   */
  machine?: { opens: number; clicks: number };
};

export async function loadHeadline(
  api: Pick<StatisticsApi, 'page'>,
  filters: ChartFilters,
  signal?: AbortSignal,
): Promise<Headline> {
  const { url, hard, unique, class: hitClass, ...common } = filters;
  const count = async (kind: StatisticKind, extra: Record<string, unknown>) =>
    (await api.page(kind, { ...common, ...extra, page: 1, page_size: 1 }, signal)).count;
  const hits = hitClass === undefined ? {} : { class: hitClass };
  const opens = hits;
  const clicks = url === undefined ? hits : { ...hits, url };
  const machine =
    hitClass === 'human'
      ? Promise.all([
          count('opens', { class: 'machine' }),
          count('clicks', { ...clicks, class: 'machine' }),
        ])
      : undefined;
  const bounces = hard === undefined ? {} : { hard };
  const [opensTotal, opensUnique, clicksTotal, clicksUnique, bTotal, bUnique, bHard, bSoft] =
    await Promise.all([
      count('opens', opens),
      count('opens', { ...opens, unique: true }),
      count('clicks', clicks),
      count('clicks', { ...clicks, unique: true }),
      count('bounces', bounces),
      count('bounces', { ...bounces, unique: true }),
      count('bounces', { hard: true, ...(unique ? { unique } : {}) }),
      count('bounces', { hard: false, ...(unique ? { unique } : {}) }),
    ]);
  const machines = await machine;
  return {
    opens: { total: opensTotal, unique: opensUnique },
    clicks: { total: clicksTotal, unique: clicksUnique },
    bounces: { total: bTotal, unique: bUnique, hard: bHard, soft: bSoft },
    ...(machines ? { machine: { opens: machines[0], clicks: machines[1] } } : {}),
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
    ...(parts.length > 0 && parts.every((h) => h.machine)
      ? {
          machine: {
            opens: sum((h) => h.machine?.opens ?? 0),
            clicks: sum((h) => h.machine?.clicks ?? 0),
          },
        }
      : {}),
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
