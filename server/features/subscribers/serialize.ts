import { sql, type SQL } from 'drizzle-orm';
import type { Subscriber } from '../../../contract/subscribers.js';
import { subscribers } from '../../db/schema/index.js';
import type { FieldRow } from '../fields/repository.js';
import type { SubscriberRow } from './repository.js';

/** The empty value a custom field shows when a subscriber has none (docs/architecture.md §4: `""` or null). */
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
/** json_build_object takes at most 100 arguments: custom fields go in objects of 40. */
const FIELDS_PER_OBJECT = 40;

/**
 * {@link serializeSubscriber} as SQL: the same JSON object as text, built by the database.
 * A page of 1,000 subscribers then costs JavaScript one string per row instead of mapping,
 * converting and stringifying thirteen values each (issue 14: most of a large page's time).
 * Key order and values match serializeSubscriber's output (pages.test.ts compares them).
 */
export function subscriberJson(fields: readonly FieldRow[]): SQL {
  const s = subscribers;
  // Keys typed as text: an untyped literal costs json_build_object a conversion per row.
  const core = sql`json_build_object(
    'id'::text, ${s.id}, 'create_datetime'::text, ${isoUtc(sql`${s.createDatetime}`)},
    'create_user'::text, ${s.createUser},
    'update_datetime'::text, ${isoUtc(sql`${s.updateDatetime}`)},
    'update_user'::text, ${s.updateUser}, 'subscription'::text, ${s.subscription},
    'email'::text, ${s.email}, 'first_name'::text, ${s.firstName},
    'last_name'::text, ${s.lastName}, 'gender'::text, ${s.gender},
    'date_of_birth'::text, ${s.dateOfBirth}, 'language'::text, ${s.language},
    'region'::text, ${s.region})::text`;
  const parts = [core];
  for (let i = 0; i < fields.length; i += FIELDS_PER_OBJECT) {
    const pairs = fields.slice(i, i + FIELDS_PER_OBJECT).map(
      (f) =>
        // A stored JSON null shows the field's empty value, as `??` does above.
        sql`${f.name}::text, coalesce(nullif(${s.custom} -> ${f.name}::text, 'null'::jsonb), ${JSON.stringify(emptyCustomValue(f.type))}::jsonb)`,
    );
    parts.push(sql`json_build_object(${sql.join(pairs, sql`, `)})::text`);
  }
  // Objects joined as text: `{"id" : 1, …}` and `{"a" : …}` make `{"id" : 1, …, "a" : …}`.
  const last = parts.length - 1;
  return sql.join(
    parts.map((part, i) => {
      const opened = i === 0 ? part : sql`substr(${part}, 2)`;
      return i === last ? opened : sql`left(${opened}, -1)`;
    }),
    sql` || ', ' || `,
  );
}
