import { iso31661, iso31662 } from 'iso-3166';

// The server checks against it, and the browser's import check loads it in its worker only
// (~350 KB), never with the screens.
const codes = new Set([...iso31661.map((c) => c.alpha2), ...iso31662.map((s) => s.code)]);

/** Whether `code` is an ISO-3166-1 alpha-2 or ISO-3166-2 code, compared case-insensitively. */
export const isRegionCode = (code: string) => codes.has(code.toUpperCase());
