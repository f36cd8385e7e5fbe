import { describe, expect, it } from 'vitest';
import { periodOf } from './components/list-growth-panel';
import { growthCsv } from './growth-csv';

describe('growth', () => {
  it('charts the last 30 days of a young list, the whole life of an old one by month', () => {
    const now = Date.parse('2026-12-07T10:00:00Z');
    expect(periodOf('2026-11-20', now)).toEqual({
      from: '2026-11-08',
      interval: 'day',
      label: 'last 30 days',
    });
    expect(periodOf(null, now).interval).toBe('day');
    expect(periodOf('2023-03-25', now)).toMatchObject({ from: '2023-03-25', interval: 'month' });
    expect(periodOf('1990-01-01', now).from).toBe('2016-12-09');
  });

  it('exports one row per list and bucket, escaping formulas', async () => {
    const bucket = {
      bucket: '2026-12-01',
      subscribed: 3,
      confirmed: 1,
      unsubscribed: 1,
      bounced: 0,
      complained: 0,
      deleted: 0,
      active: 2,
    };
    const text = await (
      await growthCsv([{ listId: 4, name: '=HYPERLINK("x")', buckets: [bucket] }])
    ).text();
    expect(text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'list_id,list,bucket,subscribed,confirmed,unsubscribed,bounced,complained,deleted,active',
      `4,"'=HYPERLINK(""x"")",2026-12-01,3,1,1,0,0,0,2`,
      '',
    ]);
  });
});
