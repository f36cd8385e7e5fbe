import type { SeriesInterval, SeriesPoint, TopUrl } from '../../api/statistics';
import { bucketStart } from './time-window';

export const TOP_URLS = 10;

/**
 * Counts raw records into buckets (and links, for clicks) the way the server's `series` and
 * `clicks/urls` extensions do, for deployments without them. Records arrive page by page.
 * `seriesUrl` counts only that link in the series while still counting every link, so one
 * pass over the clicks serves both the filtered series and the top links.
 */
export function createAggregator(
  interval: SeriesInterval,
  { seriesUrl }: { seriesUrl?: string } = {},
) {
  const buckets = new Map<number, number>();
  const urls = new Map<string, number>();
  let counted = 0;
  return {
    add(records: readonly { datetime: string; url?: string }[]) {
      for (const record of records) {
        counted++;
        if (record.url !== undefined) urls.set(record.url, (urls.get(record.url) ?? 0) + 1);
        if (seriesUrl !== undefined && record.url !== seriesUrl) continue;
        const bucket = bucketStart(Date.parse(record.datetime), interval);
        buckets.set(bucket, (buckets.get(bucket) ?? 0) + 1);
      }
    },
    get counted() {
      return counted;
    },
    series: (): SeriesPoint[] =>
      [...buckets.entries()]
        .sort(([a], [b]) => a - b)
        .map(([bucket, count]) => ({ bucket: new Date(bucket).toISOString(), count })),
    topUrls: (limit = TOP_URLS): TopUrl[] => rankUrls(urls, limit),
  };
}

/** Most counted first, ties by link, as the server orders them. */
function rankUrls(counts: Map<string, number>, limit: number): TopUrl[] {
  return [...counts.entries()]
    .map(([url, count]) => ({ url, count }))
    .sort((a, b) => b.count - a.count || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0))
    .slice(0, limit);
}

/** Several mailings summed bucket by bucket (a list's mailings as one series). */
export function sumSeries(parts: readonly SeriesPoint[][]): SeriesPoint[] {
  const sums = new Map<number, number>();
  for (const points of parts)
    for (const p of points) {
      const t = Date.parse(p.bucket);
      sums.set(t, (sums.get(t) ?? 0) + p.count);
    }
  return [...sums.entries()]
    .sort(([a], [b]) => a - b)
    .map(([t, count]) => ({ bucket: new Date(t).toISOString(), count }));
}

/**
 * Top links of several mailings together. Each part is already a top list, so a link just
 * outside one mailing's top ten may be undercounted; with ten links per mailing that is rare
 * and the bar chart says "top links" anyway.
 */
export function mergeTopUrls(parts: readonly TopUrl[][], limit = TOP_URLS): TopUrl[] {
  const counts = new Map<string, number>();
  for (const urls of parts)
    for (const { url, count } of urls) counts.set(url, (counts.get(url) ?? 0) + count);
  return rankUrls(counts, limit);
}
