import { customFieldValue, type CustomFieldValue } from '../../../contract/fields.js';
import type { AskedField } from '../../../contract/form-fields.js';

/**
 * The posted values of a form's asked fields, checked against the definitions the hosted page
 * and the snippet wrote their inputs from (contract/form-fields.ts).
 */

// zod schemas are compiled on first use; a definition is kept as long as its cached form.
const schemas = new WeakMap<AskedField, ReturnType<typeof customFieldValue>>();
const schemaOf = (field: AskedField) => {
  let schema = schemas.get(field);
  if (!schema)
    schemas.set(
      field,
      (schema = customFieldValue({
        type: field.type,
        required: field.required,
        max_length: field.max_length ?? undefined,
        choices: field.choices ?? undefined,
      })),
    );
  return schema;
};

/** A browser's datetime-local value has no offset: read as UTC. */
const withOffset = (type: AskedField['type'], value: string) =>
  type === 'datetime' && /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(value)
    ? `${value}${value.length === 16 ? ':00' : ''}Z`
    : value;

/**
 * The posted values of the asked fields, checked against their definitions; null when one is
 * missing though required, or not of its type (the submission is `invalid`). Empty optional
 * fields are left out.
 */
export function askedValues(
  asked: readonly AskedField[],
  text: (name: string) => string | undefined,
): Record<string, CustomFieldValue> | null {
  const values: Record<string, CustomFieldValue> = {};
  for (const field of asked) {
    const raw = text(field.name) ?? '';
    if (raw === '' && !field.required) continue;
    const parsed = schemaOf(field).safeParse(withOffset(field.type, raw));
    if (!parsed.success) return null;
    values[field.name] = parsed.data;
  }
  return values;
}
