import { z } from 'zod';

/**
 * The query-parameter schemas every paginated collection accepts. `page` and `page_size` are
 * checked by the server's `paginate`, not here, because a bad page is 404 "Invalid page."
 * rather than 400.
 */
export const paginationQuery = {
  page: z.string().optional(),
  page_size: z.string().optional(),
};

export const orderingQuery = { ordering: z.string().optional() };
