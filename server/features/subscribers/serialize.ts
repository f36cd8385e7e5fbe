import { sql, type SQL } from 'drizzle-orm';
import type { Subscriber } from '../../../contract/subscribers.js';
import { subscribers } from '../../db/schema/index.js';
import type { FieldRow } from '../fields/index.js';
import type { SubscriberRow } from './repository.js';

/** The empty value a custom field shows when a subscriber has none (docs/decisions/api-choices.md: `""` or null). */
export const emptyCustomValue = (type: FieldRow['type']) =>
  type === 'integer' || type === 'date' || type === 'datetime' ? null : '';

/**
 * A subscriber with its custom values flat beside the built-in fields. Only fields that
 * exist now are shown, so values of a deleted field never leak out.
 */
export function serializeSubscriber(row: SubscriberRow, fields: readonly FieldRow[]): Subscriber {
  const out: Subscriber = {
    id: row.id,
    create_datetime: row.createDatetime.toISOString(),
    create_user: row.createUser,
    update_datetime: row.updateDatetime.toISOString(),
    update_user: row.updateUser,
    subscription: row.subscription,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    gender: row.gender,
    date_of_birth: row.dateOfBirth ?? null,
    language: row.language,
    region: row.region,
  };
  for (const field of fields)
    out[field.name] = row.custom[field.name] ?? emptyCustomValue(field.type);
  return out;
}

/** Timestamps as `toISOString()` writes them: the columns keep milliseconds (schema/timestamps). */
const isoUtc = (column: SQL) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * {@link serializeSubscriber} as SQL: the select list of a record whose JSON (`row_to_json`,
 * `json_agg`) is the subscriber as the API shows it, built by the database. A page of 1,000
 * subscribers then costs JavaScript one string instead of mapping, converting and
 * stringifying thirteen values per row (issue 14: most of a large page's time). Key order
 * and values match serializeSubscriber's output (page-json.test.ts compares them). Custom
 * field names are at most 50 characters, within PostgreSQL's 63 for a column name.
 */
export function subscriberRecord(fields: readonly FieldRow[]): SQL {
  const s = subscribers;
  const columns = [
    sql`${s.id} AS id`,
    sql`${isoUtc(sql`${s.createDatetime}`)} AS create_datetime`,
    sql`${s.createUser} AS create_user`,
    sql`${isoUtc(sql`${s.updateDatetime}`)} AS update_datetime`,
    sql`${s.updateUser} AS update_user`,
    sql`${s.subscription} AS subscription`,
    sql`${s.email} AS email`,
    sql`${s.firstName} AS first_name`,
    sql`${s.lastName} AS last_name`,
    sql`${s.gender} AS gender`,
    sql`${s.dateOfBirth} AS date_of_birth`,
    sql`${s.language} AS language`,
    sql`${s.region} AS region`,
    // A stored JSON null shows the field's empty value, as `??` does above.
    ...fields.map(
      (f) =>
        sql`coalesce(nullif(${s.custom} -> ${f.name}::text, 'null'::jsonb), ${JSON.stringify(emptyCustomValue(f.type))}::jsonb) AS ${sql.identifier(f.name)}`,
    ),
  ];
  return sql.join(columns, sql`, `);
}
