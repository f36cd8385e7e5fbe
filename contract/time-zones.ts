import { z } from 'zod';

/** Automations without a time zone of their own (and every one before it existed) use UTC. */
export const DEFAULT_TIME_ZONE = 'UTC';

/**
 * An IANA time zone's canonical name as this engine's ICU knows it ("utc" → "UTC",
 * "US/Eastern" → "America/New_York"), or undefined when it is unknown. Offsets ("+01:00"),
 * which newer engines accept too, are refused: they have no daylight saving time and are
 * not zone names.
 */
export function canonicalTimeZone(name: string): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** An IANA time zone name (a 400 on the field for an unknown one). */
export const timeZoneName = z
  .string()
  .trim()
  .max(64)
  .refine((v) => canonicalTimeZone(v) !== undefined, {
    message: 'Not a known IANA time zone (e.g. "Europe/Paris" or "UTC").',
  });
