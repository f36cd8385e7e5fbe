import { describe, expect, it } from 'vitest';
import { hasExpired, tokenExpiry } from './token-expiry';

const now = new Date('2026-03-01T10:00:00Z');

describe('token expiry', () => {
  it('is null for never and N days on from now', () => {
    expect(tokenExpiry('never', '', now)).toBeNull();
    expect(tokenExpiry('30', '', now)).toBe('2026-03-31T10:00:00.000Z');
    expect(tokenExpiry('365', '', now)).toBe('2027-03-01T10:00:00.000Z');
  });

  it('ends a chosen day at 23:59:59 local time; no date is no answer', () => {
    const end = new Date(tokenExpiry('date', '2026-06-30', now)!);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours()]).toEqual([
      2026, 5, 30, 23,
    ]);
    expect(tokenExpiry('date', '', now)).toBeUndefined();
    expect(tokenExpiry('date', '2026-13-45', now)).toBeUndefined();
  });

  it('says when a token has expired', () => {
    expect(hasExpired(null, now)).toBe(false);
    expect(hasExpired('2026-03-01T09:59:59Z', now)).toBe(true);
    expect(hasExpired('2026-03-02T00:00:00Z', now)).toBe(false);
  });
});
