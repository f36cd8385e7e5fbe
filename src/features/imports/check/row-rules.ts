import {
  importColumns,
  type FieldProblem,
  type ImportRowRules,
  type ImportRuleField,
} from '../../../../contract/import-rows';

/** A custom field as the row rules need it (from the list's OPTIONS). */
export type RuleCustomField = ImportRuleField;
export type RowRules = ImportRowRules;
export type { FieldProblem };

/**
 * One row under both settings of `ignore_invalid_fields`: with it off the row is imported
 * only when `problems` is empty; with it on, unless `rejected` (a problem with the email or
 * a required custom field), and its invalid values are dropped. `key` is the lowercased
 * address (how repeats are recognized), null when the email itself is invalid.
 */
export type RowCheck = { key: string | null; problems: FieldProblem[]; rejected: boolean };

/**
 * The server's import row rules, from contract/import-rows.ts (the server's import runs the
 * same ones): what the import will do with a row, before the file is uploaded.
 */
export function rowChecker(rules: RowRules): (cells: readonly string[]) => RowCheck {
  const { columns, mandatory, unmapped } = importColumns(rules);
  const emailColumn = rules.fields.indexOf('email');
  return (cells) => {
    const problems: FieldProblem[] = [...unmapped];
    for (const { field, index, check } of columns) {
      const checked = check(cells[index] ?? '');
      if (!checked.ok) for (const message of checked.messages) problems.push({ field, message });
    }
    const emailOk = emailColumn >= 0 && !problems.some((p) => p.field === 'email');
    return {
      key: emailOk ? (cells[emailColumn] ?? '').trim().toLowerCase() : null,
      problems,
      rejected: problems.some((p) => mandatory.has(p.field)),
    };
  };
}
