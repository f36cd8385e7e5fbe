/** The SQLSTATE of a driver error (node-postgres or PGlite), also when drizzle wraps it in
 * DrizzleQueryError (as `cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Whether a database error violates a unique index: the named one, or any when none is named
 * (or the driver does not say which). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23505')
      return constraint === undefined || name === undefined || name === constraint;
  }
  return false;
}
