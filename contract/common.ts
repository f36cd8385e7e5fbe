import { z } from 'zod';

/** The pagination envelope of every collection GET (spec: Conventions). */
export const envelope = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });

export type Envelope<T> = {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
};

/** ISO 8601 UTC with `Z`; fractional seconds optional (spec: Conventions). */
export const datetime = z.iso.datetime();

export const isoDate = z.iso.date();

const DATE_FORMAT_MESSAGE = 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.';
const DATETIME_FORMAT_MESSAGE =
  'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]]Z.';

/** A date PostgreSQL can store (`z.iso.date()` accepts year 0000, which does not exist). */
export const storableDate = isoDate.refine((v) => !v.startsWith('0000'), {
  message: DATE_FORMAT_MESSAGE,
});

/**
 * A datetime with `Z` or an offset whose UTC instant lies in the years 1–9999, the range
 * PostgreSQL and `Date#toISOString` both write as `YYYY-…`: the format check alone lets
 * `0000-01-01T00:00:00Z` and `9999-12-31T23:00:00-05:00` (year 10000 in UTC) through.
 */
export const storableDatetime = z.iso.datetime({ offset: true }).refine(
  (v) => {
    const year = new Date(v).getUTCFullYear();
    return year >= 1 && year <= 9999;
  },
  { message: DATETIME_FORMAT_MESSAGE },
);

/** ISO-639-1: two lowercase letters. Whether the code exists is the server's check. */
export const languageCode = z
  .string()
  .regex(/^[a-z]{2}$/, 'Enter a valid ISO-639-1 language code (two lowercase letters).');

export const emailAddress = z.email().max(254);
