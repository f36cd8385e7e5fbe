import { isRegionCode } from '../../../contract/region-codes.js';
import { importColumns, detach, type FieldProblem } from '../../../contract/import-rows.js';

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
  /** Fields whose values were invalid and dropped (`ignore_invalid_fields`): an update keeps the subscriber's own. */
  ignored?: string[];
  /** The record's row number in the file (a refusal names it). */
  fileRow?: number;
};

/** A subscriber with only an address: every other column empty, as a row without them imports. */
export const blankSubscriber = (email = ''): SubscriberValues => ({
  email,
  first_name: '',
  last_name: '',
  gender: '',
  date_of_birth: null,
  language: '',
  region: '',
  custom: {},
});

export type { FieldProblem };

export type RowResult =
  | { ok: true; key: string; values: SubscriberValues; dropped: FieldProblem[] }
  | { ok: false; problems: FieldProblem[] };

/**
 * Validates CSV rows with the import's row rules (contract/import-rows.ts, which the
 * browser's pre-check runs too). A row without a valid email, or with an invalid required
 * custom field, is rejected; other invalid values reject the row, or with
 * `ignoreInvalidFields` are dropped and reported.
 */
export function rowValidator(rules: RowRules): (cells: readonly string[]) => RowResult {
  const custom = rules.customFields.map((f) => ({
    name: f.name,
    type: f.type,
    required: f.required,
    max_length: f.maxLength ?? undefined,
    choices: f.choices ?? undefined,
  }));
  const { columns, mandatory, unmapped } = importColumns({
    fields: rules.fields,
    customFields: custom,
    languages: rules.languages,
    dateFormat: rules.dateFormat,
    isRegionCode,
  });
  const customNames = new Set(rules.customFields.map((f) => f.name));

  return (cells) => {
    const problems: FieldProblem[] = [...unmapped];
    const values = blankSubscriber();
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
      // A flat copy: it stays in the import's set of seen addresses.
      key: detach(values.email.toLowerCase()),
      values,
      dropped: problems,
    };
  };
}
