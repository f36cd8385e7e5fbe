import { z } from 'zod';
import { customFieldTypes, type CustomFieldType } from '../../../../contract/fields';
import { subscriberWriteWith, type Subscriber } from '../../../../contract/subscribers';
import type { FieldInfo } from '../columns';

/** Which input a field gets in the create and edit forms. */
export type InputKind =
  'email' | 'text' | 'choice' | 'date' | 'datetime' | 'integer' | 'language' | 'region';

export function inputKind(field: FieldInfo): InputKind {
  if (!field.custom && field.name === 'language') return 'language';
  if (!field.custom && field.name === 'region') return 'region';
  switch (field.type) {
    case 'email':
    case 'choice':
    case 'date':
    case 'datetime':
    case 'integer':
      return field.type;
    default:
      return 'text';
  }
}

/** What the forms edit: every writable field, built-in and custom, in the server's order. */
export const writableFields = (fields: readonly FieldInfo[]) => fields.filter((f) => !f.readOnly);

/** Every input holds a string; the schema turns them into the API's types. */
export type FormValues = Record<string, string>;
export type SubscriberBody = Record<string, unknown>;

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO datetime → the `datetime-local` input's local `YYYY-MM-DDTHH:mm`. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The local time of a `datetime-local` input → ISO UTC; anything else is left to the schema. */
export function fromLocalInput(local: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return local;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
}

export function initialValues(fields: readonly FieldInfo[], subscriber?: Subscriber): FormValues {
  return Object.fromEntries(
    writableFields(fields).map((f) => {
      const value = subscriber?.[f.name];
      if (value === null || value === undefined) return [f.name, ''];
      if (f.type === 'datetime' && typeof value === 'string') return [f.name, toLocalInput(value)];
      return [f.name, String(value)];
    }),
  );
}

const asCustomType = (type: string): CustomFieldType =>
  (customFieldTypes as readonly string[]).includes(type) ? (type as CustomFieldType) : 'string';

/**
 * The contract's write schema for this list (built-in fields plus its custom fields, as
 * OPTIONS describes them), behind a step that turns local datetimes into UTC.
 */
export function formSchema(fields: readonly FieldInfo[]) {
  const writable = writableFields(fields);
  const custom = writable
    .filter((f) => f.custom)
    .map((f) => ({
      name: f.name,
      type: asCustomType(f.type),
      required: f.required,
      ...(f.maxLength !== undefined ? { max_length: f.maxLength } : {}),
      ...(f.choices ? { choices: f.choices } : {}),
    }));
  const datetimes = writable.filter((f) => f.type === 'datetime').map((f) => f.name);
  return z.preprocess(
    (raw: FormValues) => {
      if (typeof raw !== 'object' || raw === null) return raw;
      const values = { ...raw };
      for (const name of datetimes)
        if (typeof values[name] === 'string') values[name] = fromLocalInput(values[name]);
      return values;
    },
    subscriberWriteWith(custom, { partial: false }),
  );
}

/** The members of a parsed form to send: all of them, or (editing) the changed ones. */
export function bodyFrom(parsed: SubscriberBody, changed?: ReadonlySet<string>): SubscriberBody {
  if (!changed) return parsed;
  return Object.fromEntries(Object.entries(parsed).filter(([name]) => changed.has(name)));
}
