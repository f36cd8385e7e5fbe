import { iso31661, iso31662 } from 'iso-3166';

// The code set the server checks against (the same iso-3166 package). Imported only by the
// check worker, so its ~350 KB load with the worker, never with the screens.
const codes = new Set([...iso31661.map((c) => c.alpha2), ...iso31662.map((s) => s.code)]);

/** Whether `code` is an ISO-3166-1 alpha-2 or ISO-3166-2 code, compared case-insensitively. */
export const isRegionCode = (code: string) => codes.has(code.toUpperCase());
