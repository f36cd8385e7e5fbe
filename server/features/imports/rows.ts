import { z } from 'zod';
import { drfErrorMap } from '../../../contract/messages.js';
import { subscriberWriteWith } from '../../../contract/subscribers.js';
import { knownRegion, listLanguage } from '../../lib/subscriber-rules.js';
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

/** Cells are trimmed; codes people often type in capitals are lowercased. */
const lowercased = new Set(['gender', 'language']);

type Checked = { ok: true; value: unknown } | { ok: false; messages: string[] };

/** Bound of each column's memo of checked values. */
const MEMO_SIZE = 20_000;

/**
 * Validates CSV rows with the rules of a subscriber creation through the API: each mapped
 * cell goes through its member of the subscribers contract's write schema (with the list's
 * custom fields, languages and known regions), after dates are converted from
 * `date_format`. A row without a valid email, or with an invalid required custom field, is
 * rejected; other invalid values reject the row, or with `ignoreInvalidFields` are dropped
 * and reported. Columns other than the email repeat their values (names, codes, dates), so
 * each remembers its recent answers.
 */
export function rowValidator(rules: RowRules): (cells: readonly string[]) => RowResult {
  const custom = rules.customFields.map((f) => ({
    name: f.name,
    type: f.type,
    required: f.required,
    max_length: f.maxLength ?? undefined,
    choices: f.choices ?? undefined,
  }));
  const shape: Record<string, z.ZodType> = subscriberWriteWith(custom, { partial: false }).extend({
    language: listLanguage(rules.languages).optional(),
    region: knownRegion.optional(),
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
  const customNames = new Set(rules.customFields.map((f) => f.name));

  const checker = (field: string) => {
    const schema = shape[field]!;
    const isDate = dateFields.has(field);
    const lower = lowercased.has(field);
    return (raw: string): Checked => {
      let value = raw.trim();
      if (lower) value = value.toLowerCase();
      if (isDate && value !== '') {
        const iso = parseDate(value);
        if (iso === null) return { ok: false, messages: [dateMessage] };
        value = iso;
      }
      const result = schema.safeParse(value);
      return result.success
        ? { ok: true, value: result.data }
        : { ok: false, messages: result.error.issues.map((i) => i.message) };
    };
  };
  const memoized = (check: (raw: string) => Checked) => {
    const memo = new Map<string, Checked>();
    return (raw: string) => {
      let checked = memo.get(raw);
      if (checked === undefined) {
        checked = check(raw);
        // A flat copy as the key: a slice of the parser's input would keep all of it alive.
        if (memo.size < MEMO_SIZE) memo.set((' ' + raw).slice(1), checked);
      }
      return checked;
    };
  };
  const columns = rules.fields.flatMap((field, index) =>
    field
      ? [{ field, index, check: field === 'email' ? checker(field) : memoized(checker(field)) }]
      : [],
  );
  // A required custom field no column fills fails every row the same way.
  const unmapped: FieldProblem[] = [...mandatory]
    .filter((field) => !rules.fields.includes(field))
    .map((field) => ({ field, message: 'This field is required.' }));

  return (cells) => {
    const problems: FieldProblem[] = [...unmapped];
    const values: SubscriberValues = {
      email: '',
      first_name: '',
      last_name: '',
      gender: '',
      date_of_birth: null,
      language: '',
      region: '',
      custom: {},
    };
    for (const { field, index, check } of columns) {
      const checked = check(cells[index] ?? '');
      if (!checked.ok) {
        for (const message of checked.messages) problems.push({ field, message });
        continue;
      }
      if (customNames.has(field)) values.custom[field] = checked.value;
      else if (checked.value !== undefined)
        (values as unknown as Record<string, unknown>)[field] = checked.value;
    }
    if (
      problems.length > 0 &&
      (!rules.ignoreInvalidFields || problems.some((p) => mandatory.has(p.field)))
    )
      return { ok: false, problems };
    return {
      ok: true,
      // A flat copy: it stays in the import's set of seen addresses (see the memo above).
      key: (' ' + values.email.toLowerCase()).slice(1),
      values,
      dropped: problems,
    };
  };
}
