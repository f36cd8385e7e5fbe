import { z } from 'zod';
import { storableDate, storableDatetime } from '../../contract/common.js';

/** Query parameters arrive as strings; these parse them with DRF-like messages (DESIGN §4). */
export const queryBoolean = z
  .string()
  .regex(/^(true|false|1|0)$/i, 'Must be a valid boolean.')
  .transform((v) => v.toLowerCase() === 'true' || v === '1');

export const queryInt = z
  .string()
  .regex(/^-?\d{1,15}$/, 'A valid integer is required.')
  .transform(Number);

/** Dates and datetimes PostgreSQL can compare with: no year 0000, none past 9999 in UTC. */
export const queryDate = storableDate;

export const queryDatetime = storableDatetime;

/**
 * A filter whose empty value (`?list=`) means no filter, as with django-filter; any other
 * value must satisfy `schema`.
 */
export const queryFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** Members every paginated collection accepts; validated by `paginate`, not here, because a
 * bad page is 404 "Invalid page." rather than 400. */
export const paginationQuery = {
  page: z.string().optional(),
  page_size: z.string().optional(),
};

export const orderingQuery = { ordering: z.string().optional() };

/** Path parameters: a non-integer id is 404, handled by the errors plugin. */
export const idParam = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number);
