import { iso31661, iso31662 } from 'iso-3166';

const codes = new Set([...iso31661.map((c) => c.alpha2), ...iso31662.map((s) => s.code)]);

/** Whether `code` is an ISO-3166-1 alpha-2 or ISO-3166-2 code, compared case-insensitively. */
export const isRegionCode = (code: string) => codes.has(code.toUpperCase());

/** The canonical (upper-case) spelling of a known region code. */
export const canonicalRegionCode = (code: string) => code.toUpperCase();
