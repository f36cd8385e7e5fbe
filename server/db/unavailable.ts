/**
 * Whether an error means the database could not be reached (down, restarting, refusing
 * connections, the connection cut), as opposed to a statement that failed: the API answers
 * 503 for these, since trying again later can succeed. Query errors may arrive wrapped
 * (drizzle's `cause`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      // Node's socket errors; SQLSTATE class 08 (connection exception); 57P01-57P03
      // (administrator or crash shutdown, cannot connect now).
      if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH'].includes(code)) {
        return true;
      }
      if (code.startsWith('08') || /^57P0[123]$/.test(code)) return true;
      // "database … is not currently accepting connections" (ALLOW_CONNECTIONS false).
      if (code === '55000' && /not currently accepting connections/.test(e.message)) return true;
    }
    if (/^Connection terminated/.test(e.message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
