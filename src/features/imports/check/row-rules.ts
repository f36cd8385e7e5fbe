import type { z } from 'zod';
import { config } from 'zod/v4/core';
import type { CustomFieldType } from '../../../../contract/fields';
import { drfErrorMap } from '../../../../contract/messages';
import { subscriberWrite, subscriberWriteWith } from '../../../../contract/subscribers';
import { dateParser } from './date-parser';

/** A custom field as the row rules need it (from the list's OPTIONS). */
export type RuleCustomField = {
  name: string;
  type: CustomFieldType;
  required: boolean;
  max_length?: number;
  choices?: { value: string; display_name: string }[];
};

export type RowRules = {
  /** Field per column; '' ignores the column. */
  fields: readonly string[];
  customFields: readonly RuleCustomField[];
  /** The list's languages. */
  languages: readonly string[];
  dateFormat: string;
  /** Whether a code is a known ISO-3166-1 or -2 code (case-insensitive). */
  isRegionCode: (code: string) => boolean;
};

export type FieldProblem = { field: string; message: string };

/**
 * One row under both settings of `ignore_invalid_fields`: with it off the row is imported
 * only when `problems` is empty; with it on, unless `rejected` (a problem with the email or
 * a required custom field), and its invalid values are dropped. `key` is the lowercased
 * address (how repeats are recognized), null when the email itself is invalid.
 */
export type RowCheck = { key: string | null; problems: FieldProblem[]; rejected: boolean };

// The rules run in a worker (or a benchmark), away from the app's setup: the messages must
// read like the server's there too.
config({ customError: drfErrorMap });

/** Cells are trimmed; codes people often type in capitals are lowercased (as the server). */
const lowercased = new Set(['gender', 'language']);

/**
 * The server's import row rules (server/features/imports/rows.ts), which are those of a
 * subscriber creation through the API: the subscribers contract's write schema with the
 * list's custom fields, its languages and the known regions, after dates are converted
 * from `dateFormat`. Same schema, same messages.
 */
export function rowChecker(rules: RowRules): (cells: readonly string[]) => RowCheck {
  const knownRegion = subscriberWrite.shape.region.unwrap().superRefine((code, ctx) => {
    if (code && !rules.isRegionCode(code))
      ctx.addIssue({
        code: 'custom',
        message: `"${code}" is not a known ISO-3166-1 or ISO-3166-2 code.`,
      });
  });
  const listLanguage = subscriberWrite.shape.language.unwrap().superRefine((code, ctx) => {
    if (code && !rules.languages.includes(code))
      ctx.addIssue({
        code: 'custom',
        message: `"${code}" is not one of the list's languages (${rules.languages.join(', ')}).`,
      });
  });
  const schema = subscriberWriteWith(rules.customFields, { partial: false }).extend({
    language: listLanguage.optional(),
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
    const result = schema.safeParse(input);
    if (!result.success)
      for (const issue of result.error.issues) {
        if (unparsedDates.has(String(issue.path[0]))) continue;
        problems.push({
          field: typeof issue.path[0] === 'string' ? issue.path[0] : 'non_field_errors',
          message: issue.message,
        });
      }
    const emailOk = !problems.some((p) => p.field === 'email');
    const email = emailOk
      ? result.success
        ? (result.data as Parsed).email
        : String(input.email ?? '').trim()
      : null;
    return {
      key: email === null ? null : email.toLowerCase(),
      problems,
      rejected: problems.some((p) => mandatory.has(p.field)),
    };
  };
}

type Parsed = z.output<typeof subscriberWrite>;
