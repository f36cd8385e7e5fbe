import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { RequestValidationError } from './http-errors.js';

/**
 * Validates requests with the route's zod schemas and keeps zod's issues intact, so the error
 * handler can render nested DRF bodies (`{"variants": [{"layout": {"zip_file": [...]}}]}`).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(result.error.issues) };
  };
