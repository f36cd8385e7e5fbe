import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { RequestValidationError } from './http-errors.js';

/**
 * Validates requests with the route's zod schemas and keeps zod's issues intact, so the error
 * handler can render nested DRF bodies (`{"variants": [{"layout": {"zip_file": [...]}}]}`).
 * Strings holding NUL are refused first, for every route at once: PostgreSQL cannot store
 * them and would otherwise turn valid-looking input into a 500.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const nulPaths = findNulStrings(data);
    if (nulPaths === 'too deep') {
      return {
        error: new RequestValidationError([
          {
            code: 'custom',
            path: [],
            message: `Invalid data. The request nests deeper than ${MAX_NESTING} levels.`,
            input: undefined,
          },
        ]),
      };
    }
    if (nulPaths.length > 0) {
      return {
        error: new RequestValidationError(
          nulPaths.map((path) => ({
            code: 'custom',
            path,
            message: 'Null characters are not allowed.',
            input: undefined,
          })),
        ),
      };
    }
    const result = schema.safeParse(data);
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(result.error.issues) };
  };

/** No request of this API nests anywhere near this deep; deeper input is refused unread. */
export const MAX_NESTING = 64;

type Visit = { value: unknown; path: (string | number)[]; depth: number };

/**
 * Paths of the strings holding NUL, walked without recursion so that a body of 100,000
 * nested arrays answers 400 instead of overflowing the stack; past MAX_NESTING levels the
 * walk stops with one issue at the root.
 */
function findNulStrings(data: unknown): (string | number)[][] | 'too deep' {
  const found: (string | number)[][] = [];
  const stack: Visit[] = [{ value: data, path: [], depth: 0 }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const { value, path, depth } = visit;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) found.push(path);
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_NESTING) return 'too deep';
    const entries: [string | number, unknown][] = Array.isArray(value)
      ? [...value.entries()]
      : Object.entries(value);
    // Pushed last to first, so the paths come out in document order.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      stack.push({ value: item, path: [...path, key], depth: depth + 1 });
    }
  }
  return found;
}
