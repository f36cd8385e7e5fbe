import { describe, expect, it } from 'vitest';
import { bucketStart, chooseInterval, lastBucket, viewWindow } from './time-window';

const ms = (iso: string) => Date.parse(iso);

describe('viewWindow', () => {
  it('covers whole UTC days, end exclusive', () => {
    expect(viewWindow({ start: '2025-06-01', end: '2025-06-03', day: undefined })).toEqual({
      start: ms('2025-06-01T00:00:00Z'),
      end: ms('2025-06-04T00:00:00Z'),
    });
  });

  it('uses the single day instead of the range', () => {
    expect(viewWindow({ start: '2025-06-01', end: '2025-06-30', day: '2025-06-12' })).toEqual({
      start: ms('2025-06-12T00:00:00Z'),
      end: ms('2025-06-13T00:00:00Z'),
    });
  });
});

describe('chooseInterval', () => {
  const window = (start: string, end: string) => viewWindow({ start, end, day: undefined });

  it('charts ranges under seven days per hour', () => {
    expect(chooseInterval(window('2025-06-01', '2025-06-01'))).toBe('hour');
    expect(chooseInterval(window('2025-06-01', '2025-06-06'))).toBe('hour');
  });

  it('charts seven days and more per day', () => {
    expect(chooseInterval(window('2025-06-01', '2025-06-07'))).toBe('day');
    expect(chooseInterval(window('2025-05-01', '2025-06-30'))).toBe('day');
  });
});

describe('buckets', () => {
  it('floors to the UTC hour or day', () => {
    expect(bucketStart(ms('2025-06-01T13:45:10Z'), 'hour')).toBe(ms('2025-06-01T13:00:00Z'));
    expect(bucketStart(ms('2025-06-01T13:45:10Z'), 'day')).toBe(ms('2025-06-01T00:00:00Z'));
  });

  it('stops at now when the window reaches into the future', () => {
    const window = viewWindow({ start: '2025-06-01', end: '2025-06-02', day: undefined });
    expect(lastBucket(window, 'hour', ms('2025-06-01T10:20:00Z'))).toBe(ms('2025-06-01T10:00:00Z'));
    expect(lastBucket(window, 'hour', ms('2025-07-01T00:00:00Z'))).toBe(ms('2025-06-02T23:00:00Z'));
  });
});
