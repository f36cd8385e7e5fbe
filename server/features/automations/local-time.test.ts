import { describe, expect, it } from 'vitest';
import { zonedHour } from './local-time.js';
import { waitEnds } from './steps.js';

const iso = (d: Date) => d.toISOString();

describe('local hours', () => {
  it('finds the instant of a local hour across DST changes', () => {
    const ny = (month: number, day: number, hour: number) =>
      iso(zonedHour('America/New_York', { year: 2025, month, day }, hour));
    expect(ny(3, 8, 9)).toBe('2025-03-08T14:00:00.000Z');
    expect(ny(3, 9, 9)).toBe('2025-03-09T13:00:00.000Z');
    // 02:00 does not exist on 9 March: the clock's jump (03:00 EDT).
    expect(ny(3, 9, 2)).toBe('2025-03-09T07:00:00.000Z');
    // 01:00 occurs twice on 2 November: the first (EDT).
    expect(ny(11, 2, 1)).toBe('2025-11-02T05:00:00.000Z');
    const paris = (month: number, day: number) =>
      iso(zonedHour('Europe/Paris', { year: 2025, month, day }, 2));
    expect(paris(3, 30)).toBe('2025-03-30T01:00:00.000Z');
    expect(paris(10, 26)).toBe('2025-10-26T00:00:00.000Z');
    expect(iso(zonedHour('Asia/Kolkata', { year: 2025, month: 1, day: 1 }, 0))).toBe(
      '2024-12-31T18:30:00.000Z',
    );
  });

  it('waits until the next local hour, on the local weekday', () => {
    const until = (weekday: number | undefined, hour: number, from: string, zone: string) =>
      iso(
        waitEnds(
          { id: 1, type: 'wait', until: weekday === undefined ? { hour } : { weekday, hour } },
          new Date(from),
          zone,
        ),
      );
    // UTC is what it always was.
    expect(until(undefined, 9, '2025-01-01T09:00:00Z', 'UTC')).toBe('2025-01-02T09:00:00.000Z');
    // Sunday 23:00 UTC is Monday 08:00 in Tokyo: 09:00 there is within the hour.
    expect(until(1, 9, '2025-01-05T23:00:00Z', 'Asia/Tokyo')).toBe('2025-01-06T00:00:00.000Z');
    // Monday 01:00 UTC is 10:00 in Tokyo, past its 09:00: a week later.
    expect(until(1, 9, '2025-01-06T01:00:00Z', 'Asia/Tokyo')).toBe('2025-01-13T00:00:00.000Z');
    // Saturday before the March change → Monday 09:00 EDT.
    expect(until(1, 9, '2025-03-08T12:00:00Z', 'America/New_York')).toBe(
      '2025-03-10T13:00:00.000Z',
    );
  });
});
