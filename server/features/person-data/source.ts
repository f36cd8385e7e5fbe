import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/types.js';

/** Whom an export or an erasure is about. */
export type Person = {
  /** Lower-cased: every source matches the address in any letter case. */
  email: string;
  /**
   * The person's subscriber records: for an export those on lists the caller may see, for an
   * erasure every one on every list (the caller was checked to manage them all).
   */
  subscriberIds: number[];
  /** The lists whose data the caller may see; null: every list. */
  listIds: number[] | null;
};

/** An erasure's person, with the token that replaces the address where rows are kept. */
export type ErasedPerson = Person & {
  /**
   * `erased:<random hex>`: one per erasure, so de-identified rows that belonged together
   * (a delivery's recipient row and its opens) still count as one recipient, and nothing
   * leads back to the address. Also the erasure's reference in the audit log.
   */
  pseudonym: string;
};

/**
 * A person's data source (issue 53): one kind of personal data, one module in `sources/`,
 * listed once in `sources/index.ts`. `export` gives its section of person.json (an array
 * of plain JSON objects; person.html shows each as a table); `erase` deletes or
 * de-identifies every row of it inside the erasure's one transaction and says how many
 * rows it touched. A source holding rows that keep statistics' totals de-identifies them
 * (the pseudonym) instead of deleting.
 */
export type PersonDataSource = {
  /** The key of its section in person.json, and what the erasure's summary counts. */
  section: string;
  export?: (db: Executor, person: Person) => Promise<Record<string, unknown>[]>;
  erase: (tx: Executor, person: ErasedPerson) => Promise<number>;
};

/** person.json: the address, when, and each source's section under its name. */
export type PersonExport = { email: string; exported_at: string } & Record<string, unknown>;

/** Timestamps as `toISOString()` writes them. */
export const isoUtc = (column: SQL) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `AND <list column> = ANY(lists)`, or nothing when every list is visible. */
export const inLists = (column: SQL, listIds: number[] | null) =>
  listIds === null ? sql`` : sql` AND ${column} = ANY(${sqlIntArray(listIds)})`;

export const sqlIntArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** A LIKE pattern matching text that contains the address (its % and _ taken literally). */
export const containsPattern = (email: string) => `%${email.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A POSIX regular expression matching the address literally, for regexp_replace(…, 'gi'). */
export const addressPattern = (email: string) => email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `n` of a `SELECT count(*)::int AS n` over a data-modifying CTE. */
export async function touched(tx: Executor, query: SQL): Promise<number> {
  const result = (await tx.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** Rows of an export query, which builds each row's JSON itself (`… AS row`). */
export async function jsonRows(db: Executor, query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(query)) as unknown as {
    rows: { row: Record<string, unknown> | string }[];
  };
  return result.rows.map((r) => (typeof r.row === 'string' ? JSON.parse(r.row) : r.row));
}
