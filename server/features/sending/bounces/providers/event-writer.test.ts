import { describe, expect, it } from 'vitest';
import type { InboundEvent } from '../ingest.js';
import { eventWriter } from './event-writer.js';

const event = (email: string): InboundEvent => ({
  kind: 'bounce',
  hard: true,
  reason: '550',
  source: 'test',
  email,
  envelopeTo: [],
});

describe('the provider events writer', () => {
  it('pools requests arriving during a write into the next, and isolates a failing one', async () => {
    const writes: string[][] = [];
    let release = () => {};
    const record = eventWriter(async (groups) => {
      writes.push(groups.map((g) => g.map((e) => e.email).join('+')));
      // The first write is held until the others have queued up behind it.
      if (writes.length === 1) await new Promise<void>((resolve) => (release = resolve));
      if (groups.some((g) => g.some((e) => e.email === 'poison'))) throw new Error('poisoned');
      return groups.map((g) => g.length);
    }, 3);
    const first = record([event('a')]);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [
      record([event('b'), event('c')]),
      record([event('poison')]),
      record([event('d')]),
      record([event('e'), event('f')]),
      record([]),
    ].map((p) => p.then((n) => `ok ${n}`).catch((e: Error) => e.message));
    release();
    expect(await first).toBe(1);
    expect(await Promise.all(later)).toEqual(['ok 2', 'poisoned', 'ok 1', 'ok 2', 'ok 0']);
    expect(writes).toEqual([
      ['a'],
      // At most 3 events a write; the failed one again request by request.
      ['b+c', 'poison'],
      ['b+c'],
      ['poison'],
      ['d', 'e+f'],
    ]);
  });
});
