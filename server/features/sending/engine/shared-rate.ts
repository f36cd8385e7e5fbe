import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { queryRows } from '../../../db/query-rows.js';
import type { RawRow } from '../../../db/raw-row.js';
import type { sendRate } from '../../../db/schema/index.js';
import type { RateBucket } from './token-bucket.js';

/**
 * SMTP_RATE for the whole deployment (docs/decisions/delivery-engine.md): one token bucket per relay
 * in the database (`send_rate`, keyed by a hash of the relay's URL, so no credential is
 * stored), refilled at `ratePerSecond` up to one second's worth. A process takes up to
 * `grant` tokens in one statement and spends them locally, so replicas together never go
 * faster than the rate (plus the few tokens each holds), and a live replica is never left
 * out. Rate 0 = unlimited.
 */
export function sharedRateBucket(
  db: Executor,
  url: string,
  ratePerSecond: number,
  grant: number,
): RateBucket {
  const key = createHash('sha256').update(url).digest('hex').slice(0, 32);
  const capacity = Math.max(1, ratePerSecond);
  const want = Math.max(1, Math.min(grant, Math.floor(capacity)));
  let local = 0;
  let ready: Promise<unknown> | undefined;
  let queue = Promise.resolve();
  // Refilled tokens, computed from the row as it is when the UPDATE locks it.
  const available = sql`least(${capacity}::float8, tokens + ${ratePerSecond}::float8
    * greatest(0, extract(epoch FROM clock_timestamp() - at)))`;
  const takeGrant = async () => {
    ready ??= db.execute(sql`
      INSERT INTO send_rate (key, tokens, at) VALUES (${key}, ${capacity}, clock_timestamp())
      ON CONFLICT (key) DO NOTHING`);
    await ready;
    for (;;) {
      const [row] = await queryRows<Pick<RawRow<typeof sendRate>, 'granted' | 'tokens'>>(
        db,
        sql`UPDATE send_rate
               SET granted = least(${want}, floor(${available}))::int,
                   tokens = ${available} - least(${want}, floor(${available})),
                   at = greatest(at, clock_timestamp())
             WHERE key = ${key} RETURNING granted, tokens`,
      );
      if (row && row.granted > 0) return row.granted;
      const missing = 1 - Number(row?.tokens ?? 0);
      await new Promise((r) => setTimeout(r, Math.ceil((missing / ratePerSecond) * 1000)));
    }
  };
  const takeOne = async () => {
    if (local === 0) local = await takeGrant();
    local -= 1;
  };
  return {
    take() {
      if (ratePerSecond <= 0) return Promise.resolve();
      const next = queue.then(takeOne);
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
