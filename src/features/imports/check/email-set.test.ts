import { describe, expect, it } from 'vitest';
import { EmailHashSet, hash64 } from './email-set';

describe('EmailHashSet', () => {
  it('tells whether an address was seen before, per mode bit', () => {
    const set = new EmailHashSet();
    expect(set.testAndSet('a@x.de', 1)).toBe(false);
    expect(set.testAndSet('a@x.de', 1)).toBe(true);
    expect(set.testAndSet('a@x.de', 2)).toBe(false);
    expect(set.testAndSet('a@x.de', 2)).toBe(true);
    expect(set.testAndSet('b@x.de', 1)).toBe(false);
    expect(set.size).toBe(2);
  });

  it('keeps every address through growth, in a table of 9 bytes a slot', () => {
    const set = new EmailHashSet(16);
    const seen = (i: number) => set.testAndSet(`user${i}@example.com`, 1);
    const ids = Array.from({ length: 50_000 }, (_, i) => i);
    expect(ids.filter(seen)).toEqual([]);
    expect(ids.filter((i) => !seen(i))).toEqual([]);
    expect(set.size).toBe(50_000);
    expect(set.bytes).toBeLessThanOrEqual(131_072 * 9);
  });

  it('hashes to two 32-bit lanes that differ between close strings', () => {
    const [a1, a2] = hash64('user1@example.com');
    const [b1, b2] = hash64('user2@example.com');
    expect(a1).not.toBe(b1);
    expect(a2).not.toBe(b2);
    expect(a1).toBeGreaterThanOrEqual(0);
    expect(a1).toBeLessThan(2 ** 32);
  });
});
