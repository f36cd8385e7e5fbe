import { describe, expect, it } from 'vitest';
import { isClickUrl, isIsoDate, readView, writeView } from './view-params';

const read = (qs: string) => readView(new URLSearchParams(qs), '2025-06-30');
const write = (qs: string, change: Parameters<typeof writeView>[1]) =>
  writeView(new URLSearchParams(qs), change).toString();

describe('readView', () => {
  it('defaults to the last 30 days, all records, people’s hits, opens', () => {
    expect(read('')).toEqual({
      list: undefined,
      mailings: [],
      campaign: undefined,
      automation: undefined,
      step: undefined,
      start: '2025-06-01',
      end: '2025-06-30',
      day: undefined,
      unique: false,
      hits: 'human',
      url: undefined,
      bounces: 'all',
      align: false,
      records: 'opens',
      recordsMailing: undefined,
    });
  });

  it('reads every filter of a shared link', () => {
    const view = read(
      'list=3&mailing=7&mailing=9&campaign=2&start=2025-05-01&end=2025-05-04&unique=1' +
        '&url=https%3A%2F%2Fa.example%2Fx%3Fq%3D1&bounces=hard&align=delivery&records=clicks&records_mailing=9',
    );
    expect(view).toMatchObject({
      list: 3,
      mailings: [7, 9],
      campaign: 2,
      start: '2025-05-01',
      end: '2025-05-04',
      unique: true,
      url: 'https://a.example/x?q=1',
      bounces: 'hard',
      align: true,
      records: 'clicks',
      recordsMailing: 9,
    });
  });

  it('ignores malformed values instead of sending them to the server', () => {
    const view = read(
      'list=abc&mailing=0&mailing=-1&mailing=5&mailing=5&campaign=1.5&start=2025-02-31&end=2025-03-01' +
        '&day=yesterday&unique=yes&url=javascript:alert(1)&bounces=maybe&records=sends&hits=robots',
    );
    expect(view).toMatchObject({
      list: undefined,
      mailings: [5],
      campaign: undefined,
      start: '2025-06-01',
      end: '2025-06-30',
      day: undefined,
      unique: false,
      hits: 'human',
      url: undefined,
      bounces: 'all',
      records: 'opens',
    });
  });

  it('swaps a reversed range, keeps at most six mailings, and aligns only with mailings', () => {
    expect(read('start=2025-05-09&end=2025-05-01')).toMatchObject({
      start: '2025-05-01',
      end: '2025-05-09',
    });
    expect(
      read('mailing=1&mailing=2&mailing=3&mailing=4&mailing=5&mailing=6&mailing=7').mailings,
    ).toEqual([1, 2, 3, 4, 5, 6]);
    expect(read('align=delivery').align).toBe(false);
  });

  it('reads an automation and its step, each only under what it belongs to', () => {
    expect(read('list=3&automation=5&step=2')).toMatchObject({ list: 3, automation: 5, step: 2 });
    expect(read('automation=5&step=2')).toMatchObject({ automation: undefined, step: undefined });
    expect(read('list=3&step=2')).toMatchObject({ automation: undefined, step: undefined });
    expect(read('list=3&automation=x&step=0')).toMatchObject({ automation: undefined });
    expect(read('list=3&automation=5&step=0').step).toBeUndefined();
  });

  it('reads a single day', () => {
    expect(read('day=2025-06-12').day).toBe('2025-06-12');
  });
});

describe('writeView', () => {
  it('changes one bound against the URL as it is now, not the render the change came from', () => {
    // The start was set a moment ago; the end field still shows the render before it.
    const now = 'mailing=3&start=2026-11-14&end=2026-11-27';
    expect(write(now, { range: { start: '2026-10-29', end: '2026-11-17', keep: 'start' } })).toBe(
      'mailing=3&start=2026-11-14&end=2026-11-17',
    );
    expect(write(now, { range: { start: '2026-11-01', end: '2026-11-20', keep: 'end' } })).toBe(
      'mailing=3&start=2026-11-01&end=2026-11-27',
    );
    // Nothing in the URL yet: the other bound is the one the field was shown with.
    expect(
      write('mailing=3', { range: { start: '2026-10-29', end: '2026-11-17', keep: 'start' } }),
    ).toBe('mailing=3&start=2026-10-29&end=2026-11-17');
  });

  it('opens the comparison of the campaign chosen as filter, and closes it with the filter', () => {
    expect(write('mailing=3', { campaign: 2 })).toBe('campaign=2&compare=2');
    expect(write('campaign=2&compare=2', { campaign: undefined })).toBe('');
  });

  it('writes a range and drops the single day and the page', () => {
    expect(
      write('day=2025-06-12&page=3', { range: { start: '2025-06-01', end: '2025-06-05' } }),
    ).toBe('start=2025-06-01&end=2025-06-05');
  });

  it('leaves defaults out of the link', () => {
    expect(
      write('unique=1&bounces=hard&records=clicks&hits=all', {
        unique: false,
        hits: 'human',
        bounces: 'all',
        records: 'opens',
      }),
    ).toBe('');
  });

  it('reads and writes whose hits are counted, back to the first page', () => {
    expect(read('hits=machine').hits).toBe('machine');
    expect(read('hits=all').hits).toBe('all');
    expect(write('page=4', { hits: 'all' })).toBe('hits=all');
  });

  it('starts a new selection of mailings when the list changes', () => {
    expect(
      write('list=1&mailing=4&mailing=5&url=https%3A%2F%2Fa.example&align=delivery', { list: 2 }),
    ).toBe('list=2');
  });

  it('drops the automation with another list, the step with another automation', () => {
    expect(write('list=1&automation=5&step=2&page=3', { list: 2 })).toBe('list=2');
    expect(write('list=1&automation=5&step=2&page=3', { automation: 6 })).toBe(
      'list=1&automation=6',
    );
    expect(write('list=1&automation=5', { step: 2 })).toBe('list=1&automation=5&step=2');
    expect(write('list=1&automation=5&step=2', { automation: undefined })).toBe('list=1');
  });

  it('writes mailings as repeated parameters and drops alignment without them', () => {
    expect(write('', { mailings: [4, 5] })).toBe('mailing=4&mailing=5');
    expect(write('mailing=4&align=delivery', { mailings: [] })).toBe('');
  });

  it('keeps the records page when only the alignment changes', () => {
    expect(write('mailing=4&page=2', { align: true })).toBe('mailing=4&page=2&align=delivery');
    expect(write('page=2', { url: 'https://a.example/x' })).toBe('url=https%3A%2F%2Fa.example%2Fx');
  });

  it('round-trips through readView', () => {
    const qs = write('', {
      mailings: [3],
      day: '2025-06-10',
      unique: true,
      url: 'https://a.example/x',
      bounces: 'soft',
      records: 'bounces',
    });
    expect(read(qs)).toMatchObject({
      mailings: [3],
      day: '2025-06-10',
      unique: true,
      url: 'https://a.example/x',
      bounces: 'soft',
      records: 'bounces',
    });
  });
});

describe('validators', () => {
  it('accepts real dates and http(s) links only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-6-1')).toBe(false);
    expect(isClickUrl('http://a.example')).toBe(true);
    expect(isClickUrl('mailto:x@a.example')).toBe(false);
    expect(isClickUrl('not a url')).toBe(false);
  });
});
