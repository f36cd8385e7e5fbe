import {
  DEFAULT_DATE_FORMAT,
  dateFormatProblem,
  importDelimiters,
  importOnExisting,
  type ImportDelimiter,
  type ImportOnExisting,
} from '../../../contract/imports.js';
import type { DrfErrors } from '../../lib/http-errors.js';
import { canonicalEncoding } from './encoding.js';

/** Form values by name, in arrival order; JSON parts arrive already parsed. */
export type FormValues = Map<string, unknown[]>;

/** The parameters as given; undefined where the file decides (detection). */
export type ImportParameters = {
  encoding?: string;
  delimiter?: ImportDelimiter;
  hasHeader?: boolean;
  ignoreInvalidFields: boolean;
  dateFormat: string;
  fields?: string[];
  onExisting: ImportOnExisting;
};

const MAX_COLUMNS = 1000;

const delimiterAliases: Record<string, ImportDelimiter> = {
  tab: '\t',
  '\\t': '\t',
  comma: ',',
  semicolon: ';',
  pipe: '|',
};

/** The last value of a parameter as text (a repeated scalar keeps the last, as DRF does). */
function lastText(form: FormValues, name: string): string | undefined {
  const values = form.get(name);
  if (!values?.length) return undefined;
  const value = values[values.length - 1];
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function parseBoolean(value: string): boolean | undefined {
  if (/^(true|1)$/i.test(value)) return true;
  if (/^(false|0)$/i.test(value)) return false;
  return undefined;
}

/**
 * `fields`: repeated form fields in column order, or one JSON array, or one comma-separated
 * string (docs/decisions/api-choices.md). An empty element ignores its column.
 */
export function parseFieldsParameter(values: unknown[]): string[] | { error: string } {
  let elements: unknown[];
  const single = values.length === 1 ? values[0] : undefined;
  if (Array.isArray(single)) elements = single;
  else if (typeof single === 'string' && single.trim().startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(single);
      if (!Array.isArray(parsed)) throw new Error('not an array');
      elements = parsed;
    } catch {
      return { error: 'Enter a JSON array of field names, e.g. ["email", "", "first_name"].' };
    }
  } else if (typeof single === 'string') elements = single.split(',');
  else elements = values;
  if (elements.some((e) => e !== null && typeof e !== 'string'))
    return { error: 'Each element must be a field name (a string) or empty.' };
  if (elements.length > MAX_COLUMNS)
    return { error: `Ensure this field has no more than ${MAX_COLUMNS} elements.` };
  return elements.map((e) => (typeof e === 'string' ? e.trim() : ''));
}

/** Messages for a `fields` mapping: unknown names, a field twice, no email column. */
export function fieldsProblems(fields: readonly string[], known: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const taken = new Set<string>();
  fields.forEach((field, i) => {
    if (!field) return;
    if (!known.has(field))
      problems.push(`"${field}" (column ${i + 1}) is not a subscriber field of this list.`);
    else if (taken.has(field))
      problems.push(`"${field}" is mapped to more than one column (column ${i + 1}).`);
    taken.add(field);
  });
  if (problems.length === 0 && !taken.has('email')) problems.push('No column is mapped to email.');
  return problems;
}

/**
 * Parses and checks the parameters that do not depend on the file. Blank values count as
 * absent (a form's empty select), so the server detects or defaults them.
 */
export function parseImportForm(
  form: FormValues,
  knownFields: ReadonlySet<string>,
): { params: ImportParameters; errors: DrfErrors } {
  const errors: Record<string, string[]> = {};
  const params: ImportParameters = {
    ignoreInvalidFields: false,
    dateFormat: DEFAULT_DATE_FORMAT,
    onExisting: 'skip',
  };

  const encoding = lastText(form, 'encoding')?.trim();
  if (encoding) {
    const name = canonicalEncoding(encoding);
    if (name) params.encoding = name;
    else
      errors.encoding = [
        `"${encoding}" is not a supported encoding. Use a WHATWG label such as utf-8 or windows-1252.`,
      ];
  }

  const delimiter = lastText(form, 'delimiter');
  if (delimiter) {
    const value = delimiterAliases[delimiter.trim().toLowerCase()] ?? delimiter;
    if ((importDelimiters as readonly string[]).includes(value))
      params.delimiter = value as ImportDelimiter;
    else
      errors.delimiter = [
        `"${delimiter}" is not a valid choice. Use one of: "," ";" "|" or a tab ("\\t").`,
      ];
  }

  for (const [name, key] of [
    ['has_header', 'hasHeader'],
    ['ignore_invalid_fields', 'ignoreInvalidFields'],
  ] as const) {
    const raw = lastText(form, name)?.trim();
    if (!raw) continue;
    const value = parseBoolean(raw);
    if (value === undefined) errors[name] = ['Must be a valid boolean.'];
    else params[key] = value;
  }

  const dateFormat = lastText(form, 'date_format');
  if (dateFormat?.trim()) {
    const problem = dateFormatProblem(dateFormat);
    if (problem) errors.date_format = [problem];
    else params.dateFormat = dateFormat;
  }

  const onExisting = lastText(form, 'on_existing')?.trim();
  if (onExisting) {
    if ((importOnExisting as readonly string[]).includes(onExisting))
      params.onExisting = onExisting as ImportOnExisting;
    else errors.on_existing = [`"${onExisting}" is not a valid choice. Use "skip" or "update".`];
  }

  const fieldValues = form.get('fields');
  const blank = fieldValues?.length === 1 && fieldValues[0] === '';
  if (fieldValues?.length && !blank) {
    const fields = parseFieldsParameter(fieldValues);
    if ('error' in fields) errors.fields = [fields.error];
    else {
      const problems = fieldsProblems(fields, knownFields);
      if (problems.length) errors.fields = problems;
      else params.fields = fields;
    }
  }
  return { params, errors };
}
