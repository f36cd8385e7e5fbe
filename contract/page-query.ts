import { z } from 'zod';

/**
 * The query-parameter schemas every paginated collection accepts. `page` and `page_size` are
 * checked by the server's `paginate`, not here, because a bad page is 404 "Invalid page."
 * rather than 400.
 */
export const paginationQuery = {
  page: z
    .string()
    .optional()
    .describe('Page number, from 1. A page past the end or not a number is 404 "Invalid page."'),
  page_size: z
    .string()
    .optional()
    .describe('Results per page: default 25, clamped to 1–1000; a non-number is ignored.'),
};

export const orderingQuery = {
  ordering: z
    .string()
    .optional()
    .describe('Fields to sort by, comma-separated, `-` for descending (e.g. `-create_datetime`).'),
};
