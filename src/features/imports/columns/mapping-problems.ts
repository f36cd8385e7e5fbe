import { dateFormatProblem } from '../../../../contract/imports';
import type { MappingTarget } from './targets';

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
    errors.push('Map a column to Email: every subscriber needs an address.');
  for (const [field, at] of columns)
    if (at.length > 1)
      errors.push(
        `${label(field)} is mapped to columns ${at.join(' and ')}: a field can take one column only.`,
      );
  const formatProblem = dateFormatProblem(dateFormat);
  if (formatProblem) errors.push(`Date format: ${formatProblem}`);
  for (const t of targets)
    if (t.required && t.name !== 'email' && !columns.has(t.name))
      warnings.push(
        `${label(t.name)} is required and no column is mapped to it: every row would be rejected.`,
      );
  return { errors, warnings };
}
