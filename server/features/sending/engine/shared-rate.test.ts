import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../db/client.js';
import { openTestDatabase } from '../../../test/database.js';
import { sharedRateBucket } from './shared-rate.js';

/**
 * SMTP_RATE for every replica together (issue 28): three replicas, each with its own
 * connections to one PostgreSQL database (on PGlite, three buckets over its one connection),
 * draw from one relay's bucket as fast as they can. Together they never exceed the rate
 * beyond the second's worth the bucket starts with and the grant each holds, and none is
 * left out.
 */
const RATE = 40;
const GRANT = 4;
const TOKENS = 120;

let database: Database & { url?: string };
const replicas: Database[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  for (let i = 0; i < 3; i++)
    replicas.push(database.url ? await openDatabase({ databaseUrl: database.url }) : database);
});
afterAll(async () => {
  for (const r of replicas) if (r !== database) await r.close();
  await database.close();
});

describe('the shared sending rate', () => {
  it('holds for replicas together, and each gets its share', async () => {
    const url = 'smtp://relay.example.test:25';
    const buckets = replicas.map((r) => sharedRateBucket(r.db, url, RATE, GRANT));
    const taken: { at: number; replica: number }[] = [];
    const started = performance.now();
    const drain = async (replica: number) => {
      while (taken.length < TOKENS) {
        await buckets[replica]!.take();
        taken.push({ at: performance.now() - started, replica });
      }
    };
    await Promise.all(buckets.map((_, i) => drain(i)));
    const last = taken.at(-1)!.at;
    // A second's worth at once (the bucket starts full), then RATE per second; each replica
    // may hold one grant it has not spent yet.
    const held = buckets.length * GRANT;
    expect(last).toBeGreaterThanOrEqual(((taken.length - RATE - held) / RATE) * 1000);
    const inSecondFrom = (at: number) => taken.filter((t) => t.at >= at && t.at < at + 1000);
    for (const { at } of taken) {
      const burst = at < 1000 ? RATE : 0;
      expect(inSecondFrom(at).length, `from ${at.toFixed(0)} ms`).toBeLessThanOrEqual(
        burst + RATE + held,
      );
    }
    const late = taken.filter((t) => t.at > 1000);
    for (let replica = 0; replica < buckets.length; replica++)
      expect(late.some((t) => t.replica === replica)).toBe(true);
  });
});
