import { escapeHtml } from './escape-html.js';
import { DEFAULT_STRING_MAX_LENGTH, type CustomFieldType } from './fields.js';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from './subscribers.js';

/**
 * The fields a sign-up form asks (issue 50), typed as the list's custom field definitions
 * say, and the input each one is: the hosted page (`GET /f/{id}`, the server) and the
 * snippet the Forms screen shows (the SPA) write the same controls, and the server checks
 * what was posted against the same definitions.
 */
export type AskedField = {
  name: string;
  label: string;
  type: CustomFieldType;
  required: boolean;
  max_length: number | null;
  choices: { value: string; display_name: string }[] | null;
};

/** A custom field definition as the API returns it and the database holds it. */
export type FieldDefinition = Pick<AskedField, 'name' | 'label' | 'type' | 'required'> & {
  max_length?: number | null;
  choices?: AskedField['choices'] | undefined;
};

/** Built-in subscriber fields a form may ask: their label and what a browser fills in. */
const BUILT_IN: Record<string, { label: string; autocomplete: string }> = {
  first_name: { label: 'First name', autocomplete: 'given-name' },
  last_name: { label: 'Last name', autocomplete: 'family-name' },
};

/**
 * The asked fields of a form from its lists' definitions, given in precedence order (the
 * offered lists' own fields by list id, then the shared ones): the first definition of a
 * name wins. A built-in name, or a field deleted since, is asked as optional text.
 */
export function askedFields(
  names: readonly string[],
  definitions: readonly FieldDefinition[],
): AskedField[] {
  const byName = new Map<string, FieldDefinition>();
  for (const d of definitions) if (!byName.has(d.name)) byName.set(d.name, d);
  return names.map((name): AskedField => {
    const d = byName.get(name);
    if (d)
      return {
        name,
        label: d.label,
        type: d.type,
        required: d.required,
        max_length: d.max_length ?? null,
        choices: d.choices ?? null,
      };
    const builtIn = BUILT_IN[name];
    return {
      name,
      label: builtIn?.label ?? name,
      type: 'string',
      required: false,
      max_length: builtIn ? NAME_MAX_LENGTH : DEFAULT_STRING_MAX_LENGTH,
      choices: null,
    };
  });
}

/** The input type of each field type; a choice is a select. */
const inputTypes: Record<Exclude<CustomFieldType, 'choice'>, string> = {
  string: 'text',
  email: 'email',
  integer: 'number',
  date: 'date',
  datetime: 'datetime-local',
};

/**
 * The control of one asked field, with its constraints as attributes so a browser checks
 * them before posting. `id` is given where a separate label points at it (the hosted page);
 * the snippet wraps the control in its label instead, since ids could clash on a host page.
 * `chooseLabel` is a select's empty option.
 */
export function askedControl(
  field: AskedField,
  { id, chooseLabel }: { id?: string; chooseLabel: string },
): string {
  const idAttribute = id === undefined ? '' : ` id="${escapeHtml(id)}"`;
  const name = ` name="${escapeHtml(field.name)}"`;
  const required = field.required ? ' required' : '';
  if (field.type === 'choice') {
    const options = (field.choices ?? [])
      .map((c) => `<option value="${escapeHtml(c.value)}">${escapeHtml(c.display_name)}</option>`)
      .join('');
    return `<select${idAttribute}${name}${required}><option value="">${escapeHtml(chooseLabel)}</option>${options}</select>`;
  }
  const autocomplete = BUILT_IN[field.name]?.autocomplete;
  const extra =
    field.type === 'integer'
      ? ' step="1"'
      : field.type === 'string'
        ? ` maxlength="${field.max_length ?? DEFAULT_STRING_MAX_LENGTH}"${autocomplete ? ` autocomplete="${autocomplete}"` : ''}`
        : field.type === 'email'
          ? ` maxlength="${EMAIL_MAX_LENGTH}"`
          : '';
  return `<input type="${inputTypes[field.type]}"${idAttribute}${name}${extra}${required}>`;
}
