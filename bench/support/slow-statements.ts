import type { Database } from '../../server/db/client.js';

type Runner = (...args: unknown[]) => Promise<unknown>;
type Held = { ms: number; what: string; at: number };

/**
 * On PGlite, every statement and transaction holds the server's one thread, and a request
 * arriving meanwhile waits for it: this records the longest ones (time, and the first words
 * of the statement, or of a transaction's first statement), to name what made a read wait.
 * Nothing is recorded on PostgreSQL. `stop()` restores the client and returns them.
 */
export function recordLongHolds(database: Database, keep = 5) {
  const client = (database.db as unknown as { $client?: Record<string, unknown> }).$client;
  const longest: Held[] = [];
  const note = (ms: number, what: string) => {
    longest.push({ ms, what: what.replace(/\s+/g, ' ').trim().slice(0, 90), at: Date.now() });
    longest.sort((a, b) => b.ms - a.ms);
    longest.length = Math.min(longest.length, keep);
  };
  if (database.kind !== 'pglite' || !client) return { stop: () => longest };
  const originals = new Map<string, Runner>();
  for (const name of ['query', 'exec'] as const) {
    const original = client[name] as Runner;
    originals.set(name, original);
    client[name] = async (...args: unknown[]) => {
      const started = performance.now();
      try {
        return await original.apply(client, args);
      } finally {
        note(performance.now() - started, String(args[0]));
      }
    };
  }
  const transaction = client.transaction as Runner;
  originals.set('transaction', transaction);
  client.transaction = async (work: unknown) => {
    const started = performance.now();
    let first = '';
    try {
      return await transaction.call(client, async (tx: Record<string, Runner>) => {
        for (const name of ['query', 'exec'] as const) {
          const run = tx[name]!;
          tx[name] = (...args: unknown[]) => {
            first ||= String(args[0]);
            return run.apply(tx, args);
          };
        }
        return (work as (tx: unknown) => Promise<unknown>)(tx);
      });
    } finally {
      note(performance.now() - started, `transaction: ${first}`);
    }
  };
  return {
    stop() {
      for (const [name, original] of originals) client[name] = original;
      return longest;
    },
  };
}

export const describeHolds = (holds: Held[]) =>
  holds.map((h) => `${h.ms.toFixed(0)} ms ${h.what}`).join('\n       ');
