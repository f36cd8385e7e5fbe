import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { dateFormatProblem } from '../../../../contract/imports';
import type { MappingTarget } from './targets';

/** `1 and 3`, `1, 2 and 3`, `1 und 3`, `1 et 3`. */
const listFormat = () => new Intl.ListFormat(i18n.locale, { type: 'conjunction' });

export type MappingProblems = {
  /** What the server would refuse (400): the import cannot start. */
  errors: string[];
  /** What it would accept with consequences the person should know. */
  warnings: string[];
};

/** The problems of a column mapping, as the server's `fields` and `date_format` checks see them. */
export function mappingProblems(
  fields: readonly string[],
  targets: readonly MappingTarget[],
  dateFormat: string,
): MappingProblems {
  const errors: string[] = [];
  const warnings: string[] = [];
  const label = (name: string) => targets.find((t) => t.name === name)?.label ?? name;
  const columns = new Map<string, number[]>();
  fields.forEach((field, i) => {
    if (field) columns.set(field, [...(columns.get(field) ?? []), i + 1]);
  });
  if (!columns.has('email'))
    errors.push(t`Map a column to Email: every subscriber needs an address.`);
  for (const [field, at] of columns)
    if (at.length > 1) {
      const name = label(field);
      const numbers = listFormat().format(at.map(String));
      errors.push(t`${name} is mapped to columns ${numbers}: a field can take one column only.`);
    }
  const formatProblem = dateFormatProblem(dateFormat);
  if (formatProblem) errors.push(t`Date format: ${formatProblem}`);
  for (const target of targets)
    if (target.required && target.name !== 'email' && !columns.has(target.name)) {
      const name = label(target.name);
      warnings.push(
        t`${name} is required and no column is mapped to it: every row would be rejected.`,
      );
    }
  return { errors, warnings };
}
