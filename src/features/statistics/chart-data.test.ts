import { describe, expect, it } from 'vitest';
import type { StatisticKind } from '../../api/statistics';
import { isTruncated, loadChartData, sumChartData, type StatisticsApi } from './chart-data';
import { loadHeadline } from './headline';

type Rec = { mailing: number; email: string; datetime: string; url?: string; hard?: boolean };

/**
 * A fake API layer over in-memory records: pages like the server (filters, page numbers,
 * `next`), and answers the extensions only when told to, like another deployment would not.
 */
function fakeApi(records: Record<StatisticKind, Rec[]>, { extensions }: { extensions: boolean }) {
  const calls: string[] = [];
  const match = (r: Rec, v: Record<string, unknown>) =>
    (v.mailing === undefined || r.mailing === v.mailing) &&
    (v.url === undefined || r.url === v.url) &&
    (v.hard === undefined || r.hard === v.hard);
  const api: StatisticsApi = {
    series: async (kind) => {
      calls.push(`series ${kind}`);
      if (!extensions) return { supported: false };
      return {
        supported: true,
        data: [{ bucket: '2025-06-01T00:00:00Z', count: records[kind].length }],
      };
    },
    topUrls: async () => {
      calls.push('urls');
      return extensions
        ? { supported: true, data: [{ url: 'https://server.example', count: 1 }] }
        : { supported: false };
    },
    page: async (kind, view) => {
      calls.push(`page ${kind} ${view.page}`);
      const all = records[kind].filter((r) => match(r, view));
      const start = (view.page - 1) * view.page_size;
      return {
        count: all.length,
        next: start + view.page_size < all.length ? `/next?page=${view.page + 1}` : null,
        results: all.slice(start, start + view.page_size) as never,
      };
    },
  };
  return { api, calls };
}

const at = (hour: number) => new Date(Date.UTC(2025, 5, 1, hour)).toISOString();
const opens: Rec[] = Array.from({ length: 25 }, (_, i) => ({
  mailing: 1,
  email: `p${i}@x.example`,
  datetime: at(i % 3),
}));
const clicks: Rec[] = [
  { mailing: 1, email: 'a@x.example', datetime: at(0), url: 'https://a.example' },
  { mailing: 1, email: 'b@x.example', datetime: at(1), url: 'https://a.example' },
  { mailing: 1, email: 'c@x.example', datetime: at(1), url: 'https://b.example' },
];
const bounces: Rec[] = [
  { mailing: 1, email: 'd@x.example', datetime: at(0), hard: true },
  { mailing: 1, email: 'e@x.example', datetime: at(0), hard: false },
];
const records = { opens, clicks, bounces };

describe('loadChartData', () => {
  it('uses the server’s series and top links when it has them', async () => {
    const { api, calls } = fakeApi(records, { extensions: true });
    const data = await loadChartData(api, { mailing: 1 }, 'hour');
    expect(data.source).toBe('server');
    expect(data.series.opens).toEqual([{ bucket: '2025-06-01T00:00:00Z', count: 25 }]);
    expect(data.urls).toEqual([{ url: 'https://server.example', count: 1 }]);
    expect(calls.some((c) => c.startsWith('page'))).toBe(false);
  });

  it('counts paged raw records in the browser without the extensions, with progress', async () => {
    const { api, calls } = fakeApi(records, { extensions: false });
    const progress: { done: number; total: number }[] = [];
    const data = await loadChartData(api, { mailing: 1 }, 'hour', {
      pageSize: 10,
      onProgress: (p) => progress.push(p),
    });
    expect(data.source).toBe('browser');
    expect(data.series.opens).toEqual([
      { bucket: at(0), count: 9 },
      { bucket: at(1), count: 8 },
      { bucket: at(2), count: 8 },
    ]);
    expect(data.series.clicks.map((p) => p.count)).toEqual([1, 2]);
    expect(data.series.bounces).toEqual([{ bucket: at(0), count: 2 }]);
    expect(data.urls).toEqual([
      { url: 'https://a.example', count: 2 },
      { url: 'https://b.example', count: 1 },
    ]);
    expect(data.coverage.opens).toEqual({ counted: 25, total: 25 });
    expect(isTruncated(data)).toBe(false);
    expect(calls.filter((c) => c.startsWith('page opens'))).toEqual([
      'page opens 1',
      'page opens 2',
      'page opens 3',
    ]);
    expect(progress.slice(0, 2)).toEqual([
      { done: 0, total: 0 },
      { done: 0, total: 30 },
    ]);
    expect(progress.at(-1)).toEqual({ done: 30, total: 30 });
  });

  it('stops at the cap and says how much it counted', async () => {
    const { api, calls } = fakeApi(records, { extensions: false });
    const data = await loadChartData(api, {}, 'day', { pageSize: 10, cap: 15 });
    expect(data.coverage.opens).toEqual({ counted: 15, total: 25 });
    expect(data.series.opens).toEqual([{ bucket: '2025-06-01T00:00:00.000Z', count: 15 }]);
    expect(calls).not.toContain('page opens 3');
    expect(isTruncated(data)).toBe(true);
  });

  it('filters the clicks series by link while ranking every link', async () => {
    const { api } = fakeApi(records, { extensions: false });
    const data = await loadChartData(api, { url: 'https://b.example', hard: true }, 'hour', {
      pageSize: 10,
    });
    expect(data.series.clicks).toEqual([{ bucket: at(1), count: 1 }]);
    expect(data.urls).toHaveLength(2);
    expect(data.series.bounces).toEqual([{ bucket: at(0), count: 1 }]);
  });

  it('sums several mailings', async () => {
    const { api } = fakeApi(records, { extensions: false });
    const one = await loadChartData(api, { mailing: 1 }, 'hour', { pageSize: 10, cap: 5 });
    const sum = sumChartData([one, one]);
    expect(sum.series.opens.reduce((a, p) => a + p.count, 0)).toBe(10);
    expect(sum.urls[0]).toEqual({ url: 'https://a.example', count: 4 });
    expect(sum.coverage.opens).toEqual({ counted: 10, total: 50 });
  });
});

describe('loadHeadline', () => {
  it('reads exact counts of both modes from one-record pages', async () => {
    const { api, calls } = fakeApi(records, { extensions: false });
    const headline = await loadHeadline(api, { mailing: 1 });
    expect(headline.opens.total).toBe(25);
    expect(headline.clicks.total).toBe(3);
    expect(headline.bounces).toMatchObject({ total: 2, hard: 1, soft: 1 });
    expect(calls.every((c) => c.endsWith(' 1'))).toBe(true);
  });
});
