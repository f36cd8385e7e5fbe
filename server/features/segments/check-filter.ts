import { and, eq, inArray } from 'drizzle-orm';
import { storableDate, storableDatetime } from '../../../contract/common.js';
import { operatorsByFieldType, type SegmentFilter } from '../../../contract/segments.js';
import type { Executor } from '../../db/client.js';
import { mailings } from '../../db/schema/index.js';
import { badRequest, type DrfErrors } from '../../lib/http-errors.js';
import type { FieldRow } from '../fields/index.js';

const INTEGER = /^-?\d{1,15}$/;

/** Why a bound or value does not fit a custom field of this type, or undefined. */
function valueProblem(field: FieldRow, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  switch (field.type) {
    case 'integer':
      return (typeof value === 'number' && Number.isSafeInteger(value)) ||
        (typeof value === 'string' && INTEGER.test(value))
        ? undefined
        : 'A valid integer is required.';
    case 'date':
      return storableDate.safeParse(value).success
        ? undefined
        : 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.';
    case 'datetime':
      return storableDatetime.safeParse(value).success
        ? undefined
        : 'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss]Z.';
    case 'choice':
      return typeof value === 'string' && field.choices?.some((c) => c.value === value)
        ? undefined
        : `"${String(value)}" is not a valid choice.`;
    default:
      return typeof value === 'string' ? undefined : 'Not a valid string.';
  }
}

/**
 * What the schema cannot know: custom fields must exist on the list and take the operator
 * and values by their type; an engagement's mailing must be one of the list's. Throws one
 * field-level 400 (`{"filter": {"conditions": [{}, {"name": […]}]}}`) listing every problem.
 */
export async function checkFilter(
  db: Executor,
  listId: number,
  filter: SegmentFilter,
  fields: readonly FieldRow[],
): Promise<void> {
  const mailingIds = filter.conditions.flatMap((c) =>
    c.field === 'engagement' ? [c.mailing] : [],
  );
  const known = mailingIds.length
    ? new Set(
        (
          await db
            .select({ id: mailings.id })
            .from(mailings)
            .where(and(eq(mailings.listId, listId), inArray(mailings.id, mailingIds)))
        ).map((m) => m.id),
      )
    : new Set<number>();
  const problems = filter.conditions.map((c): DrfErrors => {
    if (c.field === 'engagement') {
      return known.has(c.mailing)
        ? {}
        : { mailing: [`Invalid pk "${c.mailing}" - no mailing of this list has this id.`] };
    }
    if (c.field !== 'custom') return {};
    const field = fields.find((f) => f.name === c.name);
    if (!field) return { name: [`Unknown field "${c.name}": the list has no such custom field.`] };
    const allowed: readonly string[] = operatorsByFieldType[field.type];
    if (!allowed.includes(c.operator)) {
      return {
        operator: [`A ${field.type} field takes ${allowed.join(' or ')}, not "${c.operator}".`],
      };
    }
    const out: DrfErrors = {};
    if (c.operator !== 'contains') {
      for (const key of ['value', 'from', 'to'] as const) {
        const problem = valueProblem(field, c[key]);
        if (problem) out[key] = [problem];
      }
    }
    const bad = (c.values ?? []).map((v) => valueProblem(field, v));
    if (bad.some(Boolean)) out.values = bad.filter((p): p is string => !!p);
    return out;
  });
  if (problems.some((p) => Object.keys(p).length))
    throw badRequest({ filter: { conditions: problems } });
}
