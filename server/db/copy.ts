import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { postgresPool, type Db, type Executor } from './client.js';

/**
 * Loads CSV text (`FORMAT csv`: an unquoted empty value is NULL, so text values come quoted)
 * into `target`, a table and its columns such as `subscribers (list_id, email)`, on the
 * transaction's own connection. Resolves to the rows loaded.
 */
export type CopyCsv = (target: string, csv: string) => Promise<number>;

/**
 * `work` in one transaction that can also COPY rows in, the fastest way into a table (an
 * import's batches: see features/imports/insert-subscribers.ts). Drizzle does not expose the
 * connection behind its transactions, so this opens the transaction on a connection of its
 * own (a pooled client, or PGlite's one connection, held for the transaction as PGlite's
 * `transaction` does) and gives `work` drizzle over it as well.
 */
export async function transactionWithCopy<T>(
  db: Db,
  work: (tx: Executor, copyCsv: CopyCsv) => Promise<T>,
): Promise<T> {
  const pool = postgresPool(db);
  if (pool) return pgTransaction(pool, work);
  const pglite = (db as { $client?: unknown }).$client as PGlite;
  const { drizzle: drizzlePglite } = await pgliteDrizzle();
  // Drizzle over a PGlite transaction, which runs queries as PGlite itself does.
  const drizzleOver = (tx: Transaction) => drizzlePglite(tx as unknown as PGlite) as unknown as Db;
  return pglite.transaction((tx) =>
    work(drizzleOver(tx), async (target, csv) => {
      const result = await tx.query(`COPY ${target} FROM '/dev/blob' WITH (FORMAT csv)`, [], {
        blob: new Blob([csv]),
      });
      if (typeof result.affectedRows !== 'number')
        throw new Error('PGlite did not report the rows COPY loaded.');
      return result.affectedRows;
    }),
  );
}

/**
 * Drizzle's PGlite driver, loaded with PGlite itself (db/pglite-client.ts), not by a server on
 * PostgreSQL; loaded once, since resolving a dynamic import again cost ~0.3 ms per batch.
 */
let pgliteDriver: Promise<typeof import('drizzle-orm/pglite')> | undefined;
const pgliteDrizzle = () => (pgliteDriver ??= import('drizzle-orm/pglite'));

async function pgTransaction<T>(
  pool: pg.Pool,
  work: (tx: Executor, copyCsv: CopyCsv) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    const db = drizzlePg(client) as unknown as Db;
    return await db.transaction((tx) =>
      work(tx, async (target, csv) => {
        const stream = client.query(copyFrom(`COPY ${target} FROM STDIN WITH (FORMAT csv)`));
        await pipeline(Readable.from([csv]), stream);
        return stream.rowCount;
      }),
    );
  } catch (error) {
    // Closed rather than pooled: a COPY broken off midway can leave the connection in a
    // state the next user would trip over, and failures here are rare (a lost lease).
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(failure);
  }
}
