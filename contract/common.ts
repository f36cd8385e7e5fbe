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

/** ISO-639-1: two lowercase letters. Whether the code exists is the server's check. */
export const languageCode = z
  .string()
  .regex(/^[a-z]{2}$/, 'Enter a valid ISO-639-1 language code (two lowercase letters).');

export const emailAddress = z.email().max(254);

/** Query parameters shared by paginated collections; `ordering` is DRF style (`-name`). */
export type PageQuery = { page?: number; page_size?: number; ordering?: string };
