import { escapeHtml } from '../../../contract/escape-html.js';
import { customFieldValue, type CustomFieldValue } from '../../../contract/fields.js';
import type { AskedField } from './form-cache.js';

/**
 * The fields a form asks, typed as the list's custom field definitions say (issue 50): the
 * hosted page's inputs and the check of what was posted, both from the same definition.
 */

const inputTypes: Record<AskedField['type'], string> = {
  string: 'text',
  email: 'email',
  integer: 'number',
  date: 'date',
  datetime: 'datetime-local',
  choice: '',
};

/** One labelled input (a select for a choice field); `chooseLabel` is the empty option's. */
export function askedInput(field: AskedField, chooseLabel: string): string {
  const id = `f-${escapeHtml(field.name)}`;
  const name = escapeHtml(field.name);
  const required = field.required ? ' required' : '';
  const label = `<label for="${id}">${escapeHtml(field.label)}</label>`;
  if (field.type === 'choice') {
    const options = (field.choices ?? [])
      .map((c) => `<option value="${escapeHtml(c.value)}">${escapeHtml(c.display_name)}</option>`)
      .join('');
    return `${label}\n<select id="${id}" name="${name}"${required}><option value="">${escapeHtml(chooseLabel)}</option>${options}</select>`;
  }
  const extra =
    field.type === 'integer'
      ? ' step="1"'
      : field.type === 'string'
        ? ` maxlength="${field.maxLength ?? 255}"`
        : field.type === 'email'
          ? ' maxlength="254"'
          : '';
  return `${label}\n<input type="${inputTypes[field.type]}" id="${id}" name="${name}"${extra}${required}>`;
}

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
        max_length: field.maxLength ?? undefined,
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
