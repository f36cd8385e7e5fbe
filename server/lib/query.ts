import { z } from 'zod';
import { storableDate, storableDatetime } from '../../contract/common.js';

/** Query parameters arrive as strings; these parse them with DRF-like messages (docs/decisions/api-choices.md). */
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

/** Members every paginated collection accepts (contract/page-query.ts). */
export { orderingQuery, paginationQuery } from '../../contract/page-query.js';

/**
 * Where a page of a large collection begins (`paginateByPosition`): set by the server in
 * `next`/`previous` links and only trusted when it signed it. Any value is accepted, a
 * repeated one too, as before these were declared.
 */
const position = (description: string) =>
  z
    .preprocess((v) => (Array.isArray(v) ? (v as unknown[])[0] : v), z.string().optional())
    .describe(description);
export const positionQuery = {
  after: position('Opaque: the page begins after this row (set in `next` links).'),
  before: position('Opaque: the page ends before this row (set in `previous` links).'),
};

/** Path parameters: a non-integer id is 404, handled by the errors plugin. */
export const idParam = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number);
