import type { Column, Table } from 'drizzle-orm';

/** A column's value as Drizzle types it: `null` allowed unless the column is NOT NULL. */
type ColumnValue<C extends Column> = C['_']['notNull'] extends true
  ? C['_']['data']
  : C['_']['data'] | null;

/**
 * Columns whose raw value is not Drizzle's data type: the drivers parse int8 and dates
 * themselves (strings on one of them), whatever `mode` the schema gives.
 */
type DriverParsedColumnType =
  | 'PgBigInt53'
  | 'PgBigInt64'
  | 'PgBigSerial53'
  | 'PgBigSerial64'
  | 'PgTimestamp'
  | 'PgTimestampString'
  | 'PgDate'
  | 'PgDateString';

/**
 * A column's database name, or nothing when its raw value is driver-parsed or when the
 * schema declares it through a helper that widens the name to `string` (timestamptz): an
 * index signature would accept any key.
 */
type DatabaseName<C extends Column> = C['_']['columnType'] extends DriverParsedColumnType
  ? never
  : string extends C['_']['name']
    ? never
    : C['_']['name'];

/**
 * A row of `table` as a raw `sql` query returns it: keyed by the database (snake_case)
 * column names, where `$inferSelect` uses the schema's camelCase keys. A raw query skips
 * Drizzle's mapping, so int8 (bigint, bigserial) and timestamps come back as each driver
 * parses them (strings on one of them): they are left out and stay hand-typed at the call
 * site, e.g. `Pick<RawRow<typeof t>, 'a'> & { created_at: Date | string }`.
 */
export type RawRow<T extends Table> = {
  [K in keyof T['_']['columns'] as DatabaseName<T['_']['columns'][K]>]: ColumnValue<
    T['_']['columns'][K]
  >;
};
