import { z } from 'zod';

/** An ISO-639-1 language with its name localized by `Accept-Language`. */
export const language = z.looseObject({
  code: z.string(),
  name: z.string(),
});
export type Language = z.infer<typeof language>;

/** Filters of `GET /languages`; `search` is our extension (name or code, accent-insensitive). */
export type LanguageQuery = { search?: string; page?: number; page_size?: number };
