import { msg } from '@lingui/core/macro';
import type { CustomField } from '../../api/fields';

/**
 * A condition as the builder edits it: loose, so half-typed input is representable. The
 * server validates what is sent (contract/segments.ts) and answers field-level 400s.
 */
export type DraftCondition = Record<string, unknown> & { field: string };

export const builtInConditions = [
  { value: 'subscription', label: msg`State` },
  { value: 'language', label: msg`Language` },
  { value: 'region', label: msg`Region` },
  { value: 'gender', label: msg`Gender` },
  { value: 'date_of_birth', label: msg`Date of birth` },
  { value: 'create_datetime', label: msg`Subscribed` },
] as const;

/** The field picker's value: a built-in field, or `custom:<name>`. */
export const pickerValue = (c: DraftCondition) =>
  c.field === 'custom' ? `custom:${String(c.name)}` : c.field;

export function conditionFor(value: string, fields: readonly CustomField[]): DraftCondition {
  if (value.startsWith('custom:')) {
    const name = value.slice('custom:'.length);
    const field = fields.find((f) => f.name === name);
    const operator = field?.type === 'integer' || field?.type === 'date' ? 'equals' : 'equals';
    return { field: 'custom', name, operator: field?.type === 'datetime' ? 'range' : operator };
  }
  if (value === 'date_of_birth' || value === 'create_datetime') return { field: value };
  return { field: value, in: [] };
}

/** Drops empty members, so the server sees only what was entered. */
export function cleanCondition(c: DraftCondition): DraftCondition {
  return Object.fromEntries(
    Object.entries(c).filter(([, v]) => v !== '' && v !== undefined && v !== null),
  ) as DraftCondition;
}
