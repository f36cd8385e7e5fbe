import { describe, expect, it } from 'vitest';
import { SeenAddresses } from './seen-set.js';

describe('the addresses an import has seen', () => {
  it('knows exactly the addresses added, across growth of every shard', () => {
    const seen = new SeenAddresses();
    for (let i = 0; i < 50_000; i++) seen.add(`person${i}@example.com`);
    for (let i = 0; i < 50_000; i++) expect(seen.has(`person${i}@example.com`)).toBe(true);
    // Near misses: a prefix, an extension, another number.
    expect(seen.has('person1@example.co')).toBe(false);
    expect(seen.has('person1@example.com.')).toBe(false);
    expect(seen.has('person50000@example.com')).toBe(false);
    expect(seen.has('')).toBe(false);
  });

  it('compares non-ASCII addresses by their characters, and adding twice keeps one', () => {
    const seen = new SeenAddresses();
    seen.add('jürgen@müller.de');
    seen.add('jürgen@müller.de');
    seen.add('zoë@example.com');
    expect(seen.has('jürgen@müller.de')).toBe(true);
    expect(seen.has('jurgen@muller.de')).toBe(false);
    expect(seen.has('zoë@example.com')).toBe(true);
    expect(seen.has('zoe@example.com')).toBe(false);
    const long = `${'ä'.repeat(300)}@example.com`;
    expect(seen.has(long)).toBe(false);
    seen.add(long);
    expect(seen.has(long)).toBe(true);
  });
});
