import type { Extension } from '../../api/client';
import type { ClassFilter } from '../../api/hit-classes';
import type {
  DateRange,
  SeriesInterval,
  SeriesPoint,
  StatisticKind,
  StatisticRecord,
  StatisticsView,
  TopUrl,
} from '../../api/statistics';
import { createAggregator, mergeTopUrls, sumSeries, TOP_URLS } from './aggregate';

/** The filters of one chart request: the screen's filters for one mailing (or none). */
export type ChartFilters = {
  mailing?: number;
  campaign?: number;
  /** Extension filters (issue 31): an automation's mail, one of its send steps (by id). */
  automation?: number;
  step?: number;
  unique?: boolean;
  date?: string;
  range?: DateRange;
  url?: string;
  hard?: boolean;
  /** Whose opens and clicks (issue 51); only sent where the server classifies hits. */
  class?: ClassFilter;
};

type Page<K extends StatisticKind> = {
  count: number;
  next: string | null;
  results: StatisticRecord<K>[];
};

/** What the charts need from the API module; tests pass a fake. */
export type StatisticsApi = {
  series: <K extends StatisticKind>(
    kind: K,
    view: StatisticsView<K> & { interval: SeriesInterval },
    signal?: AbortSignal,
  ) => Promise<Extension<SeriesPoint[]>>;
  topUrls: (
    view: StatisticsView<'clicks'> & { limit?: number },
    signal?: AbortSignal,
  ) => Promise<Extension<TopUrl[]>>;
  page: <K extends StatisticKind>(
    kind: K,
    view: StatisticsView<K> & { page: number; page_size: number },
    signal?: AbortSignal,
  ) => Promise<Page<K>>;
};

export type Coverage = { counted: number; total: number };

export type ChartData = {
  /** `server`: the series/top-link extensions answered; `browser`: counted from raw records. */
  source: 'server' | 'browser';
  series: Record<StatisticKind, SeriesPoint[]>;
  urls: TopUrl[];
  /** Per kind counted in the browser: how many records were read of how many match. */
  coverage: Partial<Record<StatisticKind, Coverage>>;
};

export type Progress = { done: number; total: number };

/** Records read per kind and mailing at most when counting in the browser. */
export const BROWSER_CAP = 20_000;
export const BROWSER_PAGE_SIZE = 1000;

type LoadOptions = {
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
  cap?: number;
  pageSize?: number;
};

const kindView = (kind: StatisticKind, f: ChartFilters) => {
  const { url, hard, class: hitClass, ...common } = f;
  // Bounces have no class: only opens and clicks are told human or machine.
  if (kind === 'bounces') return hard === undefined ? common : { ...common, hard };
  const classed = hitClass === undefined ? common : { ...common, class: hitClass };
  if (kind === 'clicks') return url === undefined ? classed : { ...classed, url };
  return classed;
};

/**
 * The chart data of one mailing (or of everything the filters match): from the server's
 * extensions where it has them, otherwise counted in the browser from the raw records,
 * page by page, up to `cap` records per kind (the rest is reported as coverage).
 */
export async function loadChartData(
  api: StatisticsApi,
  filters: ChartFilters,
  interval: SeriesInterval,
  { signal, onProgress, cap = BROWSER_CAP, pageSize = BROWSER_PAGE_SIZE }: LoadOptions = {},
): Promise<ChartData> {
  const { url: _url, ...withoutUrl } = kindView('clicks', filters) as ChartFilters;
  // The first answer decides: an unsupported extension is remembered, so the others fail fast.
  const opens = await api.series('opens', { ...kindView('opens', filters), interval }, signal);
  const [clicks, bounces, urls] = await Promise.all([
    api.series('clicks', { ...kindView('clicks', filters), interval }, signal),
    api.series('bounces', { ...kindView('bounces', filters), interval }, signal),
    api.topUrls({ ...withoutUrl, limit: TOP_URLS }, signal),
  ]);
  const fromServer: Partial<Record<StatisticKind, Extension<SeriesPoint[]>>> = {
    opens,
    clicks,
    bounces,
  };
  const missing = (['opens', 'clicks', 'bounces'] as const).filter(
    (kind) => !fromServer[kind]!.supported,
  );
  if (!urls.supported && !missing.includes('clicks')) missing.push('clicks');

  const data: ChartData = {
    source: missing.length > 0 ? 'browser' : 'server',
    series: {
      opens: opens.supported ? opens.data : [],
      clicks: clicks.supported ? clicks.data : [],
      bounces: bounces.supported ? bounces.data : [],
    },
    urls: urls.supported ? urls.data : [],
    coverage: {},
  };
  if (missing.length === 0) return data;

  // One pass per missing kind. For clicks without the top-links extension, every link is
  // read and the series counts only the filtered one.
  const readsAllLinks = !urls.supported;
  const views = missing.map((kind) =>
    kind === 'clicks' && readsAllLinks ? withoutUrl : kindView(kind, filters),
  );
  onProgress?.({ done: 0, total: 0 });
  const firstPages = await Promise.all(
    missing.map((kind, i) =>
      api.page(kind, { ...views[i]!, page: 1, page_size: pageSize }, signal),
    ),
  );
  const totals = firstPages.map((p) => Math.min(p.count, cap));
  const total = totals.reduce((a, b) => a + b, 0);
  let done = 0;
  onProgress?.({ done, total });
  for (const [i, kind] of missing.entries()) {
    const aggregator = createAggregator(interval, {
      seriesUrl: kind === 'clicks' && readsAllLinks ? filters.url : undefined,
    });
    let page: Page<StatisticKind> = firstPages[i]!;
    for (let n = 1; ; n++) {
      if (n > 1) {
        signal?.throwIfAborted();
        page = await api.page(kind, { ...views[i]!, page: n, page_size: pageSize }, signal);
      }
      const room = cap - aggregator.counted;
      const records = page.results.length > room ? page.results.slice(0, room) : page.results;
      aggregator.add(records);
      done += records.length;
      onProgress?.({ done, total });
      if (!page.next || page.results.length === 0 || aggregator.counted >= cap) break;
    }
    data.series[kind] = aggregator.series();
    if (kind === 'clicks' && readsAllLinks) data.urls = aggregator.topUrls();
    data.coverage[kind] = { counted: aggregator.counted, total: firstPages[i]!.count };
  }
  return data;
}

/** A list's mailings as one: series summed, top links merged, coverage added up. */
export function sumChartData(parts: readonly ChartData[]): ChartData {
  const kinds = ['opens', 'clicks', 'bounces'] as const;
  const coverage: ChartData['coverage'] = {};
  for (const kind of kinds) {
    const covered = parts.flatMap((p) => p.coverage[kind] ?? []);
    if (covered.length > 0)
      coverage[kind] = {
        counted: covered.reduce((a, c) => a + c.counted, 0),
        total: covered.reduce((a, c) => a + c.total, 0),
      };
  }
  return {
    source: parts.some((p) => p.source === 'browser') ? 'browser' : 'server',
    series: {
      opens: sumSeries(parts.map((p) => p.series.opens)),
      clicks: sumSeries(parts.map((p) => p.series.clicks)),
      bounces: sumSeries(parts.map((p) => p.series.bounces)),
    },
    urls: mergeTopUrls(parts.map((p) => p.urls)),
    coverage,
  };
}

/** Whether some kind was cut off at the cap. */
export const isTruncated = (data: Pick<ChartData, 'coverage'>) =>
  Object.values(data.coverage).some((c) => c !== undefined && c.counted < c.total);
