import { regexes, type z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '../../../../contract/subscribers';

/** The messages of one field's value; empty when it is valid. */
export type FieldCheck = (value: string | undefined) => string[];

/** Distinct values remembered per field; past this the schema runs for every new value. */
const MEMO_LIMIT = 10_000;

/**
 * Shortcuts that are exactly the schema's own success condition for the high-cardinality
 * built-in fields (zod's email pattern, which `z.email()` uses, and the contract's lengths);
 * when one says no, the schema itself is asked, so the messages are the schema's.
 */
const shortcuts: Record<string, (value: string) => boolean> = {
  email: (v) => v.length <= EMAIL_MAX_LENGTH && regexes.email.test(v),
  first_name: (v) => v.length <= NAME_MAX_LENGTH,
  last_name: (v) => v.length <= NAME_MAX_LENGTH,
};

/**
 * One field of the write schema as a fast check with the same outcome: a value passes the
 * shortcut, or is answered from the results the schema gave for the same value before
 * (codes, choices, dates repeat a lot), or the schema decides. A missing value (undefined)
 * is asked of the schema: a required field says "This field is required."
 */
export function fieldCheck(name: string, schema: z.ZodType): FieldCheck {
  const shortcut = shortcuts[name];
  const memo = new Map<string, string[]>();
  const ask = (value: string | undefined) => {
    const result = schema.safeParse(value);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };
  return (value) => {
    if (value === undefined) return ask(value);
    if (shortcut?.(value)) return [];
    if (shortcut) return ask(value);
    let messages = memo.get(value);
    if (messages === undefined) {
      messages = ask(value);
      if (memo.size < MEMO_LIMIT) memo.set(value, messages);
    }
    return messages;
  };
}

/** A function remembering up to MEMO_LIMIT of its results (date parsing repeats a lot). */
export function memoized<T>(fn: (value: string) => T): (value: string) => T {
  const memo = new Map<string, T>();
  return (value) => {
    if (memo.has(value)) return memo.get(value)!;
    const result = fn(value);
    if (memo.size < MEMO_LIMIT) memo.set(value, result);
    return result;
  };
}
