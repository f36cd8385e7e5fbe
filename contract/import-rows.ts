import { regexes, z } from 'zod';
import { dateParser } from './date-parser.js';
import type { CustomFieldType } from './fields.js';
import { drfErrorMap } from './messages.js';
import { knownRegionWith, listLanguage } from './subscriber-rules.js';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, subscriberWriteWith } from './subscribers.js';

/**
 * The CSV import's row rules, written once for the server's import and the browser's
 * pre-check (docs/architecture.md, "Rules written once"): each mapped cell is trimmed,
 * codes people type in capitals are lowercased, dates are converted from the import's
 * strptime format, then the cell goes through its member of the subscribers contract's write
 * schema (with the list's custom fields, its languages and the known regions). Same schema,
 * same messages as a subscriber creation through the API.
 */

/** A custom field as the row rules need it (the API's shape of a list's field). */
export type ImportRuleField = {
  name: string;
  type: CustomFieldType;
  required: boolean;
  max_length?: number;
  choices?: { value: string; display_name: string }[];
};

export type ImportRowRules = {
  /** Field per column; '' ignores the column. */
  fields: readonly string[];
  customFields: readonly ImportRuleField[];
  /** The list's languages. */
  languages: readonly string[];
  dateFormat: string;
  /** Whether a code is a known ISO-3166-1 or -2 code (contract/region-codes.ts). */
  isRegionCode: (code: string) => boolean;
};

export type FieldProblem = { field: string; message: string };

/** A checked cell: its parsed value, or its messages. */
export type CellResult = { ok: true; value: unknown } | { ok: false; messages: string[] };

export type ImportColumn = { field: string; index: number; check: (raw: string) => CellResult };

// The rules may run without the app (a worker, the server's import worker, a benchmark):
// the messages must read like the API's there too.
z.config({ customError: drfErrorMap });

/** Codes people often type in capitals are lowercased. */
const lowercased = new Set(['gender', 'language']);

/** Distinct values remembered per column; past this the rules run for every new value. */
const MEMO_LIMIT = 20_000;

/**
 * A copy of a string that does not share memory with the text it was cut from: a cell is a
 * slice of the whole piece the CSV parser read, and keeping the slice keeps the piece.
 */
export const detach = (text: string) => (' ' + text).slice(1);

/**
 * Shortcuts that are exactly the schema's own success condition (and value) for the built-in
 * fields whose values rarely repeat (zod's email pattern, which `z.email()` uses, the
 * contract's lengths, `storableText`'s NUL rule); when one says no, the schema is asked, so
 * the messages are its own.
 */
const shortcuts: Record<string, (value: string) => boolean> = {
  email: (v) => v.length <= EMAIL_MAX_LENGTH && regexes.email.test(v),
  first_name: (v) => v.length <= NAME_MAX_LENGTH && !v.includes('\u0000'),
  last_name: (v) => v.length <= NAME_MAX_LENGTH && !v.includes('\u0000'),
};

/**
 * The columns' checks of an import, the fields every row must have (`mandatory`: the email
 * and required custom fields; a row with a problem there is rejected even with
 * `ignore_invalid_fields`), and the problems every row has because no column fills a
 * mandatory field. Answers for a raw value are remembered (codes, choices, dates and names
 * repeat), except for the email column, whose values are all different.
 */
export function importColumns(rules: ImportRowRules) {
  const shape: Record<string, z.ZodType> = subscriberWriteWith(rules.customFields, {
    partial: false,
  }).extend({
    language: listLanguage(rules.languages).optional(),
    region: knownRegionWith(rules.isRegionCode).optional(),
  }).shape;
  const parseDate = dateParser(rules.dateFormat);
  const dateMessage = `Date has wrong format. Use one of these formats instead: ${rules.dateFormat}.`;
  const dateFields = new Set([
    'date_of_birth',
    ...rules.customFields.filter((f) => f.type === 'date').map((f) => f.name),
  ]);
  const mandatory = new Set([
    'email',
    ...rules.customFields.filter((f) => f.required).map((f) => f.name),
  ]);

  const checker = (field: string, schema: z.ZodType) => {
    const isDate = dateFields.has(field);
    const lower = lowercased.has(field);
    const shortcut = shortcuts[field];
    return (raw: string): CellResult => {
      let value = raw.trim();
      if (lower) value = value.toLowerCase();
      if (isDate && value !== '') {
        const iso = parseDate(value);
        if (iso === null) return { ok: false, messages: [dateMessage] };
        value = iso;
      }
      if (shortcut?.(value)) return { ok: true, value };
      const result = schema.safeParse(value);
      return result.success
        ? { ok: true, value: result.data }
        : { ok: false, messages: result.error.issues.map((i) => i.message) };
    };
  };
  const memoized = (check: (raw: string) => CellResult) => {
    const memo = new Map<string, CellResult>();
    return (raw: string) => {
      let checked = memo.get(raw);
      if (checked === undefined) {
        checked = check(raw);
        if (memo.size < MEMO_LIMIT) memo.set(detach(raw), checked);
      }
      return checked;
    };
  };
  // Each member of the object schema checks its own value (no rule spans two fields), so
  // the cells are checked one by one, in column order.
  const columns: ImportColumn[] = rules.fields.flatMap((field, index) => {
    const schema = field ? shape[field] : undefined;
    if (!schema) return [];
    const check = checker(field, schema);
    return [{ field, index, check: field === 'email' ? check : memoized(check) }];
  });
  // A required field no column fills fails every row the same way.
  const unmapped: FieldProblem[] = [...mandatory]
    .filter((field) => !rules.fields.includes(field))
    .map((field) => ({ field, message: 'This field is required.' }));
  return { columns, mandatory, unmapped };
}
