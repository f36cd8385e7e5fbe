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

function findNulStrings(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return value.includes('\u0000') ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => findNulStrings(item, [...path, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => findNulStrings(item, [...path, key]));
  }
  return [];
}
