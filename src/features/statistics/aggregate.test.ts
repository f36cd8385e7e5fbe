import { describe, expect, it } from 'vitest';
import { createAggregator, mergeTopUrls, sumSeries } from './aggregate';

describe('createAggregator', () => {
  it('counts records into UTC hour buckets across pages, ascending', () => {
    const agg = createAggregator('hour');
    agg.add([{ datetime: '2025-06-01T10:59:59Z' }, { datetime: '2025-06-01T08:00:00Z' }]);
    agg.add([{ datetime: '2025-06-01T10:00:00.000Z' }]);
    expect(agg.series()).toEqual([
      { bucket: '2025-06-01T08:00:00.000Z', count: 1 },
      { bucket: '2025-06-01T10:00:00.000Z', count: 2 },
    ]);
    expect(agg.counted).toBe(3);
  });

  it('counts per UTC day', () => {
    const agg = createAggregator('day');
    agg.add([{ datetime: '2025-06-01T23:59:00Z' }, { datetime: '2025-06-02T00:00:00Z' }]);
    expect(agg.series().map((p) => p.count)).toEqual([1, 1]);
  });

  it('ranks links by count, then by link, like the server', () => {
    const agg = createAggregator('day');
    const at = '2025-06-01T10:00:00Z';
    agg.add(
      ['https://b.example', 'https://a.example', 'https://c.example', 'https://c.example'].map(
        (url) => ({ datetime: at, url }),
      ),
    );
    expect(agg.topUrls()).toEqual([
      { url: 'https://c.example', count: 2 },
      { url: 'https://a.example', count: 1 },
      { url: 'https://b.example', count: 1 },
    ]);
    expect(agg.topUrls(1)).toHaveLength(1);
  });

  it('counts only the filtered link in the series but every link in the ranking', () => {
    const agg = createAggregator('day', { seriesUrl: 'https://a.example' });
    agg.add([
      { datetime: '2025-06-01T10:00:00Z', url: 'https://a.example' },
      { datetime: '2025-06-01T11:00:00Z', url: 'https://b.example' },
    ]);
    expect(agg.series()).toEqual([{ bucket: '2025-06-01T00:00:00.000Z', count: 1 }]);
    expect(agg.topUrls()).toHaveLength(2);
  });
});

describe('sumSeries and mergeTopUrls', () => {
  it('adds mailings bucket by bucket', () => {
    expect(
      sumSeries([
        [{ bucket: '2025-06-01T00:00:00Z', count: 2 }],
        [
          { bucket: '2025-06-01T00:00:00.000Z', count: 3 },
          { bucket: '2025-05-31T00:00:00.000Z', count: 1 },
        ],
      ]),
    ).toEqual([
      { bucket: '2025-05-31T00:00:00.000Z', count: 1 },
      { bucket: '2025-06-01T00:00:00.000Z', count: 5 },
    ]);
  });

  it('merges top links by link', () => {
    expect(
      mergeTopUrls([
        [{ url: 'https://a.example', count: 2 }],
        [
          { url: 'https://b.example', count: 3 },
          { url: 'https://a.example', count: 2 },
        ],
      ]),
    ).toEqual([
      { url: 'https://a.example', count: 4 },
      { url: 'https://b.example', count: 3 },
    ]);
  });
});
