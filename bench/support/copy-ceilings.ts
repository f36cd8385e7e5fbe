import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/db/client.js';
import { pgliteExtensions } from '../../server/db/pglite-extensions.js';
import { queryRows } from '../../server/db/query-rows.js';
import type { RawRow } from '../../server/db/raw-row.js';
import type { lists } from '../../server/db/schema/index.js';

/**
 * What the database's own bulk loader reaches with the rows an import bench loads, in the
 * same run: COPY into a bare table with only the unique (list, lower(email)) index (the
 * issue's ceiling), and COPY into the subscribers table itself, with every index and
 * trigger the product relies on. The second is the fastest any import into this schema can
 * be: it skips validation, duplicate handling, batching and progress.
 */
export type Ceiling = { rows: number; seconds: number; rate: number };

const COLUMNS = '(email, first_name, last_name, gender, date_of_birth, language, region)';
/** An empty cell loads as '' where subscribers wants text that is never null, as imports store it. */
const CSV_OPTIONS =
  'WITH (FORMAT csv, HEADER, FORCE_NOT_NULL (first_name, last_name, gender, language, region))';

/** Times `load`, then counts what it loaded (outside the time). */
async function timed(database: Database, table: string, load: () => Promise<unknown>) {
  const startedAt = performance.now();
  await load();
  const seconds = (performance.now() - startedAt) / 1000;
  const rows = await countRows(database, table);
  return { rows, seconds, rate: Math.round(rows / seconds) } satisfies Ceiling;
}

export function describeCeiling(what: string, c: Ceiling) {
  return `${what}: ${c.rows.toLocaleString('en')} rows in ${c.seconds.toFixed(1)} s = ${c.rate.toLocaleString('en')} rows/s`;
}

/** A list for the rows, and defaults that give COPY's rows its id and a state (the file has neither). */
async function prepareSubscribersTable(database: Database) {
  const [list] = await queryRows<Pick<RawRow<typeof lists>, 'id'>>(
    database.db,
    sql`INSERT INTO lists (name, default_from_name, default_from_email, languages)
        VALUES ('Ceiling', 'Bench', 'b@example.com', '{en}') RETURNING id`,
  );
  await database.db.execute(
    sql.raw(`ALTER TABLE subscribers ALTER list_id SET DEFAULT ${list!.id},
      ALTER subscription SET DEFAULT 'active'`),
  );
}

async function countRows(database: Database, table: string) {
  const [row] = await queryRows<{ n: number | string }>(
    database.db,
    sql.raw(`SELECT count(*) AS n FROM ${table}`),
  );
  return Number(row?.n ?? 0);
}

const psql = (url: string, command: string) =>
  promisify(execFile)('psql', [url, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', command]);

/** `psql \copy` into a bare table, created and dropped in the database at `url`. */
export async function bareTableCopy(database: Database, url: string, file: string) {
  const table = `ceiling_${randomBytes(4).toString('hex')}`;
  await psql(
    url,
    `CREATE TABLE ${table} (list_id integer NOT NULL DEFAULT 1, email text NOT NULL,
    first_name text, last_name text, gender text, date_of_birth date, language text, region text);
    CREATE UNIQUE INDEX ON ${table} (list_id, lower(email))`,
  );
  const result = await timed(database, table, () =>
    psql(url, `\\copy ${table} ${COLUMNS} FROM '${file}' ${CSV_OPTIONS}`),
  );
  await psql(url, `DROP TABLE ${table}`);
  return result;
}

/** `psql \copy` into the subscribers table of the migrated database at `url`, which keeps the rows. */
export async function subscribersTableCopy(database: Database, url: string, file: string) {
  await prepareSubscribersTable(database);
  return timed(database, 'subscribers', () =>
    psql(url, `\\copy subscribers ${COLUMNS} FROM '${file}' ${CSV_OPTIONS}`),
  );
}

/** PGlite's COPY (from the file as a blob) into the subscribers table of a new database in `dataDir`. */
export async function pgliteSubscribersTableCopy(dataDir: string, file: string) {
  const client = await PGlite.create(dataDir, { extensions: pgliteExtensions });
  // Opened as the server opens it: the same settings for statistics and the search index.
  const database = await openDatabase({ pglite: client });
  try {
    await database.migrate();
    await prepareSubscribersTable(database);
    const blob = new Blob([await readFile(file)]);
    return await timed(database, 'subscribers', () =>
      client.query(`COPY subscribers ${COLUMNS} FROM '/dev/blob' ${CSV_OPTIONS}`, [], { blob }),
    );
  } finally {
    await database.close();
  }
}
