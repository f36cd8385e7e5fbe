import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SegmentCondition, SegmentFilter } from '../../../contract/segments.js';
import type { Executor } from '../../db/client.js';
import { bounces, clicks, opens, segments, subscribers } from '../../db/schema/index.js';
import { fieldsRepository, type FieldRow } from '../fields/index.js';
import { escapeLike } from '../../lib/sql-like.js';

/**
 * Segment membership as SQL over the `subscribers` table: the one place that says who is in
 * a segment. Counts, member pages, previews and (issue 19) delivery recipients all use it.
 * A segment never includes deleted subscribers; a condition on a custom field that no
 * longer exists matches nobody.
 */
export function segmentCondition(
  listId: number,
  filter: SegmentFilter,
  fields: readonly FieldRow[],
): SQL {
  const parts = filter.conditions.map((c) => conditionSql(c, fields));
  const combined = !parts.length
    ? undefined
    : filter.match === 'any'
      ? or(...parts)
      : and(...parts);
  return and(eq(subscribers.listId, listId), ne(subscribers.subscription, 'deleted'), combined)!;
}

/**
 * Subscribers of the list in ANY of these segments, for a mailing's recipients; undefined
 * when the mailing has no segments (the whole list). Segment ids of another list, or of
 * segments deleted meanwhile, select nobody.
 */
export async function inAnySegment(
  db: Executor,
  listId: number,
  segmentIds: readonly number[],
): Promise<SQL | undefined> {
  if (!segmentIds.length) return undefined;
  const rows = await db
    .select({ filter: segments.filter })
    .from(segments)
    .where(and(eq(segments.listId, listId), inArray(segments.id, [...segmentIds])));
  if (!rows.length) return sql`false`;
  const fields = await fieldsRepository(db).forList(listId);
  return or(...rows.map((r) => segmentCondition(listId, r.filter, fields)));
}

const custom = subscribers.custom;

function conditionSql(c: SegmentCondition, fields: readonly FieldRow[]): SQL {
  switch (c.field) {
    case 'subscription':
      return inArray(subscribers.subscription, c.in);
    case 'language':
      return inArray(subscribers.language, c.in);
    case 'gender':
      return inArray(subscribers.gender, c.in);
    case 'region': {
      // A country includes its subdivisions: DE matches DE and DE-BY.
      const countries = c.in.filter((code) => !code.includes('-'));
      return or(
        inArray(subscribers.region, c.in),
        countries.length
          ? inArray(sql`split_part(${subscribers.region}, '-', 1)`, countries)
          : undefined,
      )!;
    }
    case 'date_of_birth':
      return between(sql`${subscribers.dateOfBirth}`, c.from, c.to, 'date');
    case 'create_datetime':
      return between(
        sql`${subscribers.createDatetime}`,
        c.from && new Date(c.from).toISOString(),
        c.to && new Date(c.to).toISOString(),
        'timestamptz',
      );
    case 'custom':
      return customSql(
        c,
        fields.find((f) => f.name === c.name),
      );
    case 'engagement':
      return engagementSql(c);
  }
}

function between(column: SQL, from: unknown, to: unknown, type: string): SQL {
  const cast = sql.raw(type);
  return and(
    from == null ? undefined : sql`${column} >= ${from}::${cast}`,
    to == null ? undefined : sql`${column} <= ${to}::${cast}`,
  )!;
}

type CustomCondition = Extract<SegmentCondition, { field: 'custom' }>;

function customSql(c: CustomCondition, field: FieldRow | undefined): SQL {
  if (!field) return sql`false`;
  const value = sql`${custom} -> ${field.name}`;
  const text = sql`${custom} ->> ${field.name}`;
  const numeric = field.type === 'integer';
  switch (c.operator) {
    case 'equals':
      if (field.type === 'string' || field.type === 'email')
        return sql`lower(${text}) = lower(${String(c.value)})`;
      // Containment is what the GIN index on `custom` serves.
      return sql`${custom} @> ${JSON.stringify({ [field.name]: numeric ? Number(c.value) : c.value })}::jsonb`;
    case 'contains':
      return sql`${text} ilike ${`%${escapeLike(String(c.value))}%`}`;
    case 'choice':
      return inArray(text, c.values ?? []);
    case 'range': {
      // Integers compare as JSON numbers, dates and UTC datetimes as their ISO text.
      const bound = (v: unknown) =>
        v == null
          ? undefined
          : numeric
            ? sql`${JSON.stringify(Number(v))}::jsonb`
            : sql`${field.type === 'datetime' ? new Date(String(v)).toISOString() : String(v)}::text`;
      const subject = numeric ? value : text;
      const kind = numeric ? 'number' : 'string';
      const from = bound(c.from);
      const to = bound(c.to);
      return and(
        sql`jsonb_typeof(${value}) = ${kind}`,
        from && sql`${subject} >= ${from}`,
        to && sql`${subject} <= ${to}`,
      )!;
    }
  }
}

type EngagementCondition = Extract<SegmentCondition, { field: 'engagement' }>;

function engagementSql(c: EngagementCondition): SQL {
  const table = c.action === 'opened' ? opens : c.action === 'clicked' ? clicks : bounces;
  const url = c.action === 'clicked' && c.url ? sql` and ${clicks.url} = ${c.url}` : sql``;
  // Machines drive nothing (issue 51): only people's opens and clicks put anyone in.
  const human =
    c.action === 'opened'
      ? sql` and ${opens.class} = 'human'`
      : c.action === 'clicked'
        ? sql` and ${clicks.class} = 'human'`
        : sql``;
  // Records carry the address they went to; subscribers match it case-insensitively.
  return sql`lower(${subscribers.email}) in (select lower(${table.email}) from ${table} where ${table.mailingId} = ${c.mailing}${url}${human})`;
}
