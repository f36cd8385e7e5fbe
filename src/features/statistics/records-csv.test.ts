import { describe, expect, it } from 'vitest';
import { exportRecordsCsv, recordsFileName } from './records-csv';

const page = (n: number, results: object[], last: boolean) => ({
  count: 3,
  next: last ? null : `/api/v1/statistics/clicks?page=${n + 1}`,
  results: results as never[],
});

describe('exportRecordsCsv', () => {
  it('writes every page into one CSV with the mailing’s name, escaping formulas', async () => {
    const pages = [
      page(
        1,
        [
          {
            mailing: 4,
            email: '=cmd@x.example',
            datetime: '2025-06-01T10:00:00.000Z',
            url: 'https://a.example/?q=1,2',
          },
          {
            mailing: 4,
            email: 'b@x.example',
            datetime: '2025-06-01T11:00:00.000Z',
            url: 'https://b.example',
          },
        ],
        false,
      ),
      page(
        2,
        [
          {
            mailing: 5,
            email: 'c@x.example',
            datetime: '2025-06-02T09:00:00.000Z',
            url: '+SUM(A1)',
          },
        ],
        true,
      ),
    ];
    const requested: number[] = [];
    const progress: number[] = [];
    const { blob, rows } = await exportRecordsCsv(
      'clicks',
      async (n) => {
        requested.push(n);
        return pages[n - 1]!;
      },
      new Map([[4, 'Summer, 2025']]),
      { onProgress: (done) => progress.push(done) },
    );
    expect(rows).toBe(3);
    expect(requested).toEqual([1, 2]);
    expect(progress).toEqual([2, 3]);
    const text = (await blob.text()).replace(/^\uFEFF/, '');
    expect(text.split('\r\n')).toEqual([
      'datetime,mailing,mailing_name,email,url',
      `2025-06-01T10:00:00.000Z,4,"Summer, 2025","'=cmd@x.example","https://a.example/?q=1,2"`,
      '2025-06-01T11:00:00.000Z,4,"Summer, 2025",b@x.example,https://b.example',
      `2025-06-02T09:00:00.000Z,5,,c@x.example,"'+SUM(A1)"`,
      '',
    ]);
  });

  it('writes the hard flag of bounces and stops when cancelled', async () => {
    const controller = new AbortController();
    const { blob } = await exportRecordsCsv(
      'bounces',
      async () =>
        page(
          1,
          [{ mailing: 1, email: 'a@x.example', datetime: '2025-06-01T10:00:00Z', hard: true }],
          true,
        ),
      new Map(),
    );
    expect(await blob.text()).toContain('a@x.example,true');
    controller.abort();
    await expect(
      exportRecordsCsv('opens', async () => page(1, [], true), new Map(), {
        signal: controller.signal,
      }),
    ).rejects.toThrow();
  });
});

describe('recordsFileName', () => {
  it('names the kind, the period and the filters', () => {
    expect(
      recordsFileName('clicks', {
        start: '2025-06-01',
        end: '2025-06-30',
        unique: true,
        bounces: 'all',
      }),
    ).toBe('clicks-2025-06-01-to-2025-06-30-unique.csv');
    expect(
      recordsFileName('bounces', {
        start: 'x',
        end: 'y',
        day: '2025-06-12',
        unique: false,
        bounces: 'hard',
      }),
    ).toBe('bounces-2025-06-12-hard.csv');
  });
});
