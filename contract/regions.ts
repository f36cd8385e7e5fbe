import { z } from 'zod';

/** A region in the collection (and in a detail's `regions`): code and localized name. */
export const region = z.looseObject({
  code: z.string(),
  name: z.string(),
});
export type Region = z.infer<typeof region>;

/**
 * `GET /regions/{code}`: `country` is the ISO-3166-1 code of a subdivision's country and
 * null for a country; `regions` lists a country's subdivisions (for a subdivision: its
 * child subdivisions, possibly none).
 */
export const regionDetail = z.looseObject({
  code: z.string(),
  name: z.string(),
  country: z.string().nullable(),
  regions: z.array(region),
});
export type RegionDetail = z.infer<typeof regionDetail>;

/** Filters of `GET /regions`: `code` exact (case-insensitive), `search` by name or country. */
export type RegionQuery = { code?: string; search?: string; page?: number; page_size?: number };
