import { describe, expect, it } from 'vitest';
import { inDatabaseLane } from './database-lane.js';

describe('the submissions’ database lane', () => {
  it('runs at most two at a time per database, in arrival order, and a failure passes the turn on', async () => {
    const db = {};
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const work = (i: number) => async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      order.push(i);
      if (i === 1) throw new Error('failed');
      return i;
    };
    const results = await Promise.allSettled(
      [0, 1, 2, 3, 4, 5].map((i) => inDatabaseLane(db, work(i))),
    );
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    // Another database has a lane of its own.
    expect(await inDatabaseLane({}, async () => 'own')).toBe('own');
  });
});
