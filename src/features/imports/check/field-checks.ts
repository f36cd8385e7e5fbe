import { regexes, type z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '../../../../contract/subscribers';

/** The messages of a cell; empty when its value is valid. */
export type CellCheck = (raw: string) => string[];

/** Distinct values remembered per column; past this the rules run for every new value. */
const MEMO_LIMIT = 20_000;

/**
 * A copy of a string that does not share memory with the text it was cut from: a cell is
 * a slice of the whole piece papaparse parsed, and keeping the slice keeps the piece (1 MB).
 */
export const detach = (text: string) => (' ' + text).slice(1);

/**
 * Shortcuts that are exactly the schema's own success condition for the built-in fields
 * whose values rarely repeat (zod's email pattern, which `z.email()` uses, and the
 * contract's lengths); when one says no, the schema is asked, so messages are its own.
 */
const shortcuts: Record<string, (value: string) => boolean> = {
  email: (v) => v.length <= EMAIL_MAX_LENGTH && regexes.email.test(v),
  first_name: (v) => v.length <= NAME_MAX_LENGTH,
  last_name: (v) => v.length <= NAME_MAX_LENGTH,
};

/** The schema's messages for a value. */
export const schemaMessages = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

/**
 * A column's check: the cell prepared (`prepare`: trimmed, lowercased, a date converted —
 * or a message), then its member of the write schema. Answers for a raw value are
 * remembered (codes, choices, dates and names repeat), except for the email column, whose
 * values are all different.
 */
export function cellCheck(
  field: string,
  schema: z.ZodType,
  prepare: (raw: string) => { value: string } | { message: string },
): CellCheck {
  const shortcut = shortcuts[field];
  const check = (raw: string) => {
    const prepared = prepare(raw);
    if ('message' in prepared) return [prepared.message];
    if (shortcut?.(prepared.value)) return [];
    return schemaMessages(schema, prepared.value);
  };
  if (field === 'email') return check;
  const memo = new Map<string, string[]>();
  return (raw) => {
    let messages = memo.get(raw);
    if (messages === undefined) {
      messages = check(raw);
      if (memo.size < MEMO_LIMIT) memo.set(detach(raw), messages);
    }
    return messages;
  };
}
