import { z } from 'zod';
import { drfErrorMap } from '../../../contract/messages.js';
import { subscriberWrite, subscriberWriteWith } from '../../../contract/subscribers.js';
import { canonicalRegionCode, isRegionCode } from '../../lib/region-codes.js';
import { dateParser } from './dates.js';

/** A custom field as the import rules need it (a row of `custom_fields`). */
export type ImportCustomField = {
  name: string;
  type: 'string' | 'integer' | 'date' | 'datetime' | 'email' | 'choice';
  required: boolean;
  maxLength: number | null;
  choices: { value: string; display_name: string }[] | null;
};

export type RowRules = {
  /** Field per column; '' ignores the column. */
  fields: readonly string[];
  customFields: readonly ImportCustomField[];
  languages: readonly string[];
  dateFormat: string;
  ignoreInvalidFields: boolean;
};

/** The columns of one subscriber to insert. */
export type SubscriberValues = {
  email: string;
  first_name: string;
  last_name: string;
  gender: string;
  date_of_birth: string | null;
  language: string;
  region: string;
  custom: Record<string, unknown>;
};

export type FieldProblem = { field: string; message: string };

export type RowResult =
  | { ok: true; key: string; values: SubscriberValues; dropped: FieldProblem[] }
  | { ok: false; problems: FieldProblem[] };

// The worker may run without the app (benchmarks, scripts): same messages as the API.
z.config({ customError: drfErrorMap });

// The subscribers feature checks these two against the list inside its own validation
// module; these are the same rules with the same messages, kept here because a feature does
// not import another feature's internals.
const knownRegion = subscriberWrite.shape.region
  .unwrap()
  .superRefine((code, ctx) => {
    if (code && !isRegionCode(code))
      ctx.addIssue({
        code: 'custom',
        message: `"${code}" is not a known ISO-3166-1 or ISO-3166-2 code.`,
      });
  })
  .transform(canonicalRegionCode);

const listLanguage = (languages: readonly string[]) =>
  subscriberWrite.shape.language.unwrap().superRefine((code, ctx) => {
    if (code && !languages.includes(code))
      ctx.addIssue({
        code: 'custom',
        message: `"${code}" is not one of the list's languages (${languages.join(', ')}).`,
      });
  });

/** Cells are trimmed; codes people often type in capitals are lowercased. */
const lowercased = new Set(['gender', 'language']);

/**
 * Validates CSV rows with the rules of a subscriber creation through the API (the
 * subscribers contract's write schema with the list's custom fields, languages and known
 * regions), after converting dates from `date_format`. A row without a valid email, or with
 * an invalid required custom field, is rejected; other invalid values reject the row, or
 * with `ignoreInvalidFields` are dropped and reported.
 */
export function rowValidator(rules: RowRules): (cells: readonly string[]) => RowResult {
  const custom = rules.customFields.map((f) => ({
    name: f.name,
    type: f.type,
    required: f.required,
    max_length: f.maxLength ?? undefined,
    choices: f.choices ?? undefined,
  }));
  const schema = subscriberWriteWith(custom, { partial: false }).extend({
    language: listLanguage(rules.languages).optional(),
    region: knownRegion.optional(),
  });
  const parseDate = dateParser(rules.dateFormat);
  const dateFields = new Set([
    'date_of_birth',
    ...rules.customFields.filter((f) => f.type === 'date').map((f) => f.name),
  ]);
  const mandatory = new Set([
    'email',
    ...rules.customFields.filter((f) => f.required).map((f) => f.name),
  ]);
  const customNames = rules.customFields.map((f) => f.name);
  const columns = rules.fields
    .map((field, index) => ({ field, index }))
    .filter((c) => c.field !== '');
  const dateMessage = `Date has wrong format. Use one of these formats instead: ${rules.dateFormat}.`;

  return (cells) => {
    const input: Record<string, unknown> = {};
    const problems: FieldProblem[] = [];
    for (const { field, index } of columns) {
      let value = (cells[index] ?? '').trim();
      if (lowercased.has(field)) value = value.toLowerCase();
      if (dateFields.has(field) && value !== '') {
        const iso = parseDate(value);
        if (iso === null) {
          problems.push({ field, message: dateMessage });
          continue;
        }
        value = iso;
      }
      input[field] = value;
    }
    const unparsedDates = new Set(problems.map((p) => p.field));
    let result = schema.safeParse(input);
    if (!result.success)
      for (const issue of result.error.issues) {
        if (unparsedDates.has(String(issue.path[0]))) continue;
        problems.push({
          field: typeof issue.path[0] === 'string' ? issue.path[0] : 'non_field_errors',
          message: issue.message,
        });
      }
    if (problems.length === 0 && result.success)
      return { ok: true, ...toValues(result.data as Parsed, customNames), dropped: [] };

    if (!rules.ignoreInvalidFields || problems.some((p) => mandatory.has(p.field)))
      return { ok: false, problems };
    const invalid = new Set(problems.map((p) => p.field));
    result = schema.safeParse(
      Object.fromEntries(Object.entries(input).filter(([field]) => !invalid.has(field))),
    );
    // Dropping optional values cannot make a row invalid; if it still is, reject it.
    if (!result.success) return { ok: false, problems };
    return { ok: true, ...toValues(result.data as Parsed, customNames), dropped: problems };
  };
}

type Parsed = z.output<typeof subscriberWrite> & Record<string, unknown>;

function toValues(data: Parsed, customNames: readonly string[]) {
  const custom: Record<string, unknown> = {};
  for (const name of customNames) if (data[name] !== undefined) custom[name] = data[name];
  const email = data.email;
  return {
    // A flat copy: a slice of the parser's input would keep that whole text alive as long
    // as the key stays in the import's set of seen addresses.
    key: (' ' + email.toLowerCase()).slice(1),
    values: {
      email,
      first_name: data.first_name ?? '',
      last_name: data.last_name ?? '',
      gender: data.gender ?? '',
      date_of_birth: data.date_of_birth ?? null,
      language: data.language ?? '',
      region: data.region ?? '',
      custom,
    },
  };
}
