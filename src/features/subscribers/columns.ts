import { i18n, type MessageDescriptor } from '@lingui/core';
import { t, msg } from '@lingui/core/macro';
import {
  subscriberOrderingFields,
  type DescriptorType,
  type FieldDescriptor,
} from '../../../contract/subscribers';
import { builtInSubscriberFields } from '../../../contract/fields';
import { formatDateTime } from '../../lib/format';

/** A field of the list's subscribers, as OPTIONS `actions.POST` describes it. */
export type FieldInfo = {
  name: string;
  label: string;
  type: DescriptorType;
  required: boolean;
  readOnly: boolean;
  custom: boolean;
  maxLength?: number;
  choices?: { value: string; display_name: string }[];
  helpText?: string;
  /** The API's ordering field, when the collection can be ordered by it. */
  sortField?: string;
};

const builtIns = new Set<string>(builtInSubscriberFields);
const orderable = new Set<string>(subscriberOrderingFields);

export function fieldsFromDescriptors(post: Record<string, FieldDescriptor>): FieldInfo[] {
  return Object.entries(post).map(([name, d]) => ({
    name,
    label: d.label || name,
    type: d.type,
    required: d.required,
    readOnly: d.read_only,
    custom: !builtIns.has(name),
    ...(d.max_length !== undefined ? { maxLength: d.max_length } : {}),
    ...(d.choices ? { choices: d.choices } : {}),
    ...(d.help_text ? { helpText: d.help_text } : {}),
    ...(orderable.has(name) ? { sortField: name } : {}),
  }));
}

/**
 * The built-in fields as the spec's descriptor table lists them: what the screens show when
 * OPTIONS cannot be read (custom fields then stay unknown).
 */
export const FALLBACK_FIELDS: FieldInfo[] = fieldsFromDescriptors({
  id: { type: 'integer', required: false, read_only: true, label: 'ID' },
  create_datetime: { type: 'datetime', required: false, read_only: true, label: 'Created' },
  create_user: { type: 'field', required: false, read_only: true, label: 'Created by' },
  update_datetime: { type: 'datetime', required: false, read_only: true, label: 'Updated' },
  update_user: { type: 'field', required: false, read_only: true, label: 'Updated by' },
  subscription: { type: 'string', required: false, read_only: true, label: 'Subscription' },
  email: { type: 'email', required: true, read_only: false, label: 'Email', max_length: 254 },
  first_name: {
    type: 'string',
    required: false,
    read_only: false,
    label: 'First name',
    max_length: 100,
  },
  last_name: {
    type: 'string',
    required: false,
    read_only: false,
    label: 'Last name',
    max_length: 100,
  },
  gender: {
    type: 'choice',
    required: false,
    read_only: false,
    label: 'Gender',
    choices: [
      { display_name: 'Unknown', value: '' },
      { display_name: 'Male', value: 'm' },
      { display_name: 'Female', value: 'f' },
    ],
  },
  date_of_birth: { type: 'date', required: false, read_only: false, label: 'Date of birth' },
  language: { type: 'string', required: false, read_only: false, label: 'Language' },
  region: { type: 'string', required: false, read_only: false, label: 'Region' },
});

const builtInLabels: Record<string, MessageDescriptor> = {
  id: msg`ID`,
  create_datetime: msg`Created`,
  create_user: msg`Created by`,
  update_datetime: msg`Updated`,
  update_user: msg`Updated by`,
  subscription: msg`Subscription`,
  email: msg`Email`,
  first_name: msg`First name`,
  last_name: msg`Last name`,
  gender: msg`Gender`,
  date_of_birth: msg`Date of birth`,
  language: msg`Language`,
  region: msg`Region`,
};

/** A field's name as the reader's locale says it; custom fields keep the list's own label. */
export function fieldLabel(field: FieldInfo): string {
  const known = field.custom ? undefined : builtInLabels[field.name];
  return known ? i18n._(known) : field.label;
}

/** A field's name in a list of fields, custom ones marked. */
export function fieldOptionLabel(field: FieldInfo): string {
  const label = fieldLabel(field);
  return field.custom ? t`${label} (custom)` : label;
}

/** The email is the row's link and always shown; these follow it unless the URL says otherwise. */
export const DEFAULT_COLUMNS = [
  'first_name',
  'last_name',
  'subscription',
  'language',
  'create_datetime',
];

/** Columns a person can choose: every field but the email (always shown). */
export const choosableColumns = (fields: readonly FieldInfo[]) =>
  fields.filter((f) => f.name !== 'email');

/** The columns to show, in the chosen order; names the list no longer has are dropped. */
export function visibleColumns(fields: readonly FieldInfo[], chosen: string[] | null): FieldInfo[] {
  const byName = new Map(choosableColumns(fields).map((f) => [f.name, f]));
  return (chosen ?? DEFAULT_COLUMNS).flatMap((name) => byName.get(name) ?? []);
}

/** Toggles one column: a removed one goes, an added one comes last; the defaults give null. */
export function toggleColumn(chosen: string[] | null, name: string): string[] | null {
  const current = chosen ?? DEFAULT_COLUMNS;
  const next = current.includes(name) ? current.filter((n) => n !== name) : [...current, name];
  const isDefault =
    next.length === DEFAULT_COLUMNS.length && next.every((n, i) => n === DEFAULT_COLUMNS[i]);
  return isDefault ? null : next;
}

/** A value as text for a cell or a CSV file; choices show their display name. */
export function displayValue(field: FieldInfo | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (field?.choices) {
    const choice = field.choices.find((c) => c.value === value);
    if (choice) return choice.display_name;
  }
  if (field?.type === 'datetime' && typeof value === 'string') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : formatDateTime(date);
  }
  if (field?.name === 'create_user' || field?.name === 'update_user') {
    const user = String(value);
    return t`User #${user}`;
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
