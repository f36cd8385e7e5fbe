import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatLocal,
  formatUtc,
  isPast,
  localToUtc,
  parseLocalDateTime,
  toLocalInput,
  utcToLocalInput,
} from './local-time';

// Node applies a changed TZ to later Date calls: the conversions run in a zone with DST.
const originalTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Zurich';
});
afterAll(() => {
  process.env.TZ = originalTz;
});

describe('local ↔ UTC', () => {
  it('sends local wall-clock time as UTC, in winter and in summer', () => {
    expect(localToUtc('2030-01-15T09:30')).toBe('2030-01-15T08:30:00.000Z');
    expect(localToUtc('2030-07-15T09:30')).toBe('2030-07-15T07:30:00.000Z');
    expect(utcToLocalInput('2030-07-15T07:30:00Z')).toBe('2030-07-15T09:30');
  });

  it('refuses text that is no date-time and dates that would roll over', () => {
    expect(localToUtc('')).toBeUndefined();
    expect(localToUtc('2030-04-31T10:00')).toBeUndefined();
    expect(localToUtc('2030-13-01T10:00')).toBeUndefined();
    expect(localToUtc('tomorrow')).toBeUndefined();
  });

  it('says when a time falls into the spring-forward gap', () => {
    const gap = parseLocalDateTime('2030-03-31T02:30');
    expect(gap.shiftedTo).toBe('2030-03-31T03:30');
    expect(gap.date?.toISOString()).toBe('2030-03-31T01:30:00.000Z');
    expect(parseLocalDateTime('2030-03-31T04:30').shiftedTo).toBeUndefined();
  });

  it('flags past dates', () => {
    const now = new Date('2030-01-01T12:00:00Z');
    expect(isPast(new Date('2030-01-01T11:59:00Z'), now)).toBe(true);
    expect(isPast(new Date('2030-01-01T12:01:00Z'), now)).toBe(false);
    expect(toLocalInput(new Date('2030-01-01T12:00:00Z'))).toBe('2030-01-01T13:00');
  });

  it('formats a delivery in local time with its zone, and in UTC', () => {
    const date = new Date('2030-07-15T07:30:00Z');
    expect(formatLocal(date, 'en-GB')).toBe('Mon, 15 Jul 2030, 09:30 CEST');
    expect(formatUtc(date)).toBe('2030-07-15 07:30 UTC');
  });
});
