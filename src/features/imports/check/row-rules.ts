import type { z } from 'zod';
import { config } from 'zod/v4/core';
import type { CustomFieldType } from '../../../../contract/fields';
import { drfErrorMap } from '../../../../contract/messages';
import { subscriberWrite, subscriberWriteWith } from '../../../../contract/subscribers';
import { dateParser } from './date-parser';
import { cellCheck } from './field-checks';

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
  const dateMessage = `Date has wrong format. Use one of these formats instead: ${rules.dateFormat}.`;
  const dateFields = new Set([
    'date_of_birth',
    ...rules.customFields.filter((f) => f.type === 'date').map((f) => f.name),
  ]);
  const mandatory = new Set([
    'email',
    ...rules.customFields.filter((f) => f.required).map((f) => f.name),
  ]);
  // Each member of the object schema checks its own value (no rule spans two fields), so
  // the cells are checked one by one, in column order, as the server does.
  const shape = schema.shape as Record<string, z.ZodType>;
  const prepare = (field: string) => {
    const isDate = dateFields.has(field);
    const lower = lowercased.has(field);
    return (raw: string): { value: string } | { message: string } => {
      let value = raw.trim();
      if (lower) value = value.toLowerCase();
      if (isDate && value !== '') {
        const iso = parseDate(value);
        if (iso === null) return { message: dateMessage };
        value = iso;
      }
      return { value };
    };
  };
  const columns = rules.fields.flatMap((field, index) =>
    field && shape[field]
      ? [{ field, index, check: cellCheck(field, shape[field], prepare(field)) }]
      : [],
  );
  const emailColumn = rules.fields.indexOf('email');
  // A required field no column fills fails every row the same way.
  const unmapped: FieldProblem[] = [...mandatory]
    .filter((field) => !rules.fields.includes(field))
    .map((field) => ({ field, message: 'This field is required.' }));

  return (cells) => {
    const problems: FieldProblem[] = [...unmapped];
    for (const { field, index, check } of columns)
      for (const message of check(cells[index] ?? '')) problems.push({ field, message });
    const emailOk = emailColumn >= 0 && !problems.some((p) => p.field === 'email');
    return {
      key: emailOk ? (cells[emailColumn] ?? '').trim().toLowerCase() : null,
      problems,
      rejected: problems.some((p) => mandatory.has(p.field)),
    };
  };
}
