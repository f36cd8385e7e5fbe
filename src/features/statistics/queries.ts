import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import {
  getClickMap,
  getHitClients,
  getLinksByClass,
  reclassifyHits,
  type ClassFilter,
} from '../../api/hit-classes';
import { getAutomations } from '../../api/automations';
import { getAllCampaigns, getCampaignComparison } from '../../api/campaigns';
import { getMailing, getMailings } from '../../api/mailings';
import { allPages } from '../../api/pagination';
import {
  getStatistics,
  getStatisticsSeries,
  getTopUrls,
  type SeriesInterval,
  type StatisticKind,
} from '../../api/statistics';
import {
  loadChartData,
  sumChartData,
  type ChartData,
  type ChartFilters,
  type Progress,
  type StatisticsApi,
} from './chart-data';
import { loadHeadline, sumHeadlines } from './headline';
import { progressStore } from './progress-store';

/** The real API module behind the StatisticsApi seam (tests use a fake). */
export const statisticsApi: StatisticsApi = {
  series: getStatisticsSeries,
  topUrls: getTopUrls,
  page: getStatistics,
};

const emptyChartData: ChartData = {
  source: 'server',
  series: { opens: [], clicks: [], bounces: [] },
  urls: [],
  coverage: {},
};

/**
 * Chart data of every group (line) at once — one query, so switching filters keeps the
 * previous charts on screen until the new ones arrive. Each group's mailings load in
 * parallel and are summed; `null` = no mailing filter. Browser-side counting reports its
 * progress, summed over everything, under the query's key.
 */
async function loadAllCharts(
  groups: readonly (number[] | null)[],
  filters: ChartFilters,
  interval: SeriesInterval,
  key: QueryKey,
  signal: AbortSignal,
): Promise<ChartData[]> {
  const progress = new Map<string, Progress>();
  const report = () => {
    let done = 0;
    let total = 0;
    for (const p of progress.values()) {
      done += p.done;
      total += p.total;
    }
    progressStore.report(key, { done, total });
  };
  const loadGroup = async (mailings: number[] | null, g: number) => {
    const ids = mailings ?? [undefined];
    if (ids.length === 0) return emptyChartData;
    const parts = await Promise.all(
      ids.map((mailing, i) =>
        loadChartData(
          statisticsApi,
          mailing === undefined ? filters : { ...filters, mailing },
          interval,
          {
            signal,
            onProgress: (p) => {
              progress.set(`${g}/${i}`, p);
              report();
            },
          },
        ),
      ),
    );
    return parts.length === 1 ? parts[0]! : sumChartData(parts);
  };
  try {
    return await Promise.all(groups.map(loadGroup));
  } finally {
    progressStore.clear(key);
  }
}

export type RecordsQuery = ChartFilters & { page: number; page_size: number };

/** Query keys and options of the statistics screen (docs/architecture.md §3.1). */
export const statisticsQueries = {
  all: () => ['statistics'] as const,
  /** Mailing summaries (id, name, campaign) of one list, or of all lists. */
  mailings: (list: number | undefined) =>
    queryOptions({
      queryKey: [...statisticsQueries.all(), 'mailings', list ?? 'all'] as const,
      queryFn: async ({ signal }) => {
        const items = await allPages((page) =>
          getMailings({ page, page_size: 1000, ...(list === undefined ? {} : { list }) }, signal),
        );
        return items.sort((a, b) => a.name.localeCompare(b.name));
      },
      staleTime: 5 * 60_000,
    }),
  /** A list's automations (extension): `{supported: false}` hides the automation filter. */
  automations: (list: number) =>
    queryOptions({
      queryKey: [...statisticsQueries.all(), 'automations', list] as const,
      queryFn: ({ signal }) => getAutomations(list, signal),
      staleTime: 60_000,
    }),
  /** Named campaigns (extension): `{supported: false}` hides the comparison. */
  campaigns: () =>
    queryOptions({
      queryKey: [...statisticsQueries.all(), 'campaigns'] as const,
      queryFn: ({ signal }) => getAllCampaigns(signal),
    }),
  comparison: (campaignId: number) =>
    queryOptions({
      queryKey: [...statisticsQueries.all(), 'comparison', campaignId] as const,
      queryFn: ({ signal }) => getCampaignComparison(campaignId, signal),
    }),
  /** `{supported: false}` where the server has no single-mailing endpoint (extension). */
  mailing: (id: number) =>
    queryOptions({
      queryKey: [...statisticsQueries.all(), 'mailing', id] as const,
      queryFn: ({ signal }) => getMailing(id, signal),
      staleTime: 5 * 60_000,
    }),
  /** One ChartData per group, in order. */
  charts: (groups: (number[] | null)[], filters: ChartFilters, interval: SeriesInterval) =>
    queryOptions({
      queryKey: [...statisticsQueries.all(), 'charts', { groups, filters, interval }] as const,
      queryFn: ({ signal, queryKey }) => loadAllCharts(groups, filters, interval, queryKey, signal),
      placeholderData: keepPreviousData,
    }),
  /** One Headline per group, in order (exact counts from the spec's collections). */
  headlines: (groups: (number[] | null)[], filters: ChartFilters) =>
    queryOptions({
      queryKey: [...statisticsQueries.all(), 'headlines', { groups, filters }] as const,
      queryFn: ({ signal }) =>
        Promise.all(
          groups.map(async (mailings) => {
            const ids = mailings ?? [undefined];
            const parts = await Promise.all(
              ids.map((mailing) =>
                loadHeadline(
                  statisticsApi,
                  mailing === undefined ? filters : { ...filters, mailing },
                  signal,
                ),
              ),
            );
            return sumHeadlines(parts);
          }),
        ),
      placeholderData: keepPreviousData,
    }),
  /**
   * Whether the server tells people from machines (issue 51): the clients report answers for
   * any mailing id on servers that classify hits, 404 elsewhere (proxy mode, another
   * deployment). Without it the screen neither sends `class` nor offers the toggle.
   */
  classifies: () =>
    queryOptions({
      queryKey: [...statisticsQueries.all(), 'classifies'] as const,
      queryFn: async ({ signal }) => (await getHitClients(1, 'all', signal)).supported,
      staleTime: Infinity,
    }),
  /** Human or machine (extension, issue 51): one mailing's hits by class, reason and client. */
  hitClients: (mailing: number, hitClass: ClassFilter) =>
    queryOptions({
      queryKey: [...statisticsQueries.all(), 'hit-clients', mailing, hitClass] as const,
      queryFn: ({ signal }) => getHitClients(mailing, hitClass, signal),
    }),
  clickMap: (mailing: number) =>
    queryOptions({
      queryKey: [...statisticsQueries.all(), 'click-map', mailing] as const,
      queryFn: ({ signal }) => getClickMap(mailing, signal),
    }),
  linksByClass: (mailing: number, hitClass: ClassFilter) =>
    queryOptions({
      queryKey: [...statisticsQueries.all(), 'links-by-class', mailing, hitClass] as const,
      queryFn: ({ signal }) => getLinksByClass(mailing, hitClass, signal),
    }),
  records: (kind: StatisticKind, query: RecordsQuery) =>
    queryOptions({
      queryKey: [...statisticsQueries.all(), 'records', kind, query] as const,
      queryFn: ({ signal }) => getStatistics(kind, recordsView(kind, query), signal),
      placeholderData: keepPreviousData,
    }),
};

/** The filters that apply to one kind of records: links to clicks, hard/soft to bounces. */
export function recordsView<T extends ChartFilters>(kind: StatisticKind, query: T) {
  const { url, hard, class: hitClass, ...common } = query;
  return {
    ...common,
    ...(kind !== 'bounces' && hitClass !== undefined ? { class: hitClass } : {}),
    ...(kind === 'clicks' && url !== undefined ? { url } : {}),
    ...(kind === 'bounces' && hard !== undefined ? { hard } : {}),
  };
}

/** Recomputes hits' classes; every statistic may change, so all of them are read again. */
export function useReclassifyHits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reclassifyHits,
    onSuccess: () => client.invalidateQueries({ queryKey: statisticsQueries.all() }),
  });
}
