import { envelope } from '../../contract/common';
import {
  series,
  statisticRecords,
  topUrls,
  type SeriesInterval,
  type StatisticFilters,
  type StatisticKind,
  type StatisticRecord,
  type TopUrl,
  type SeriesPoint,
} from '../../contract/statistics';
import { extension, requestParsed, type Query } from './client';

export type { SeriesInterval, SeriesPoint, StatisticKind, StatisticRecord, TopUrl };

/** A natural time range; either end may be open. */
export type DateRange = { start?: Date | string; end?: Date | string };

/** Filters as screens think of them: `range` instead of the API's two datetime members. */
export type StatisticsView<K extends StatisticKind> = Omit<
  StatisticFilters<K>,
  'from_datetime' | 'to_datetime'
> & {
  range?: DateRange;
};

const iso = (d: Date | string) => (typeof d === 'string' ? d : d.toISOString());

/**
 * THE ONE PLACE mapping a range onto the API (docs/decisions/api-choices.md, spec wording taken literally):
 * `from_datetime=X` drops records MORE recent than X (keeps datetime <= X), and
 * `to_datetime=Y` drops records LESS recent than Y (keeps datetime >= Y).
 * So a range {start, end} is `to_datetime=start` and `from_datetime=end` — the names
 * read backwards, on purpose. Both bounds are inclusive.
 */
export function rangeToQuery(range: DateRange | undefined): {
  from_datetime?: string;
  to_datetime?: string;
} {
  return {
    ...(range?.start !== undefined ? { to_datetime: iso(range.start) } : {}),
    ...(range?.end !== undefined ? { from_datetime: iso(range.end) } : {}),
  };
}

function toQuery<K extends StatisticKind>(view: StatisticsView<K>): Query {
  const { range, ...filters } = view;
  return { ...(filters as Query), ...rangeToQuery(range) };
}

export function getStatistics<K extends StatisticKind>(
  kind: K,
  view: StatisticsView<K> & { page?: number; page_size?: number },
  signal?: AbortSignal,
) {
  const schema = envelope(statisticRecords[kind]);
  return requestParsed(schema, `/statistics/${kind}`, { query: toQuery(view), signal }) as Promise<{
    count: number;
    next: string | null;
    previous: string | null;
    results: StatisticRecord<K>[];
  }>;
}

/** Extension: counts per hour or day (`{supported: false}` elsewhere: page raw records). */
export const getStatisticsSeries = <K extends StatisticKind>(
  kind: K,
  view: StatisticsView<K> & { interval: SeriesInterval },
  signal?: AbortSignal,
) =>
  extension(`statistics-series`, () =>
    requestParsed(series, `/statistics/${kind}/series`, { query: toQuery(view), signal }),
  );

/** Extension: the most clicked URLs with their counts. */
export const getTopUrls = (
  view: StatisticsView<'clicks'> & { limit?: number },
  signal?: AbortSignal,
) =>
  extension('statistics-top-urls', () =>
    requestParsed(topUrls, '/statistics/clicks/urls', { query: toQuery(view), signal }),
  );
