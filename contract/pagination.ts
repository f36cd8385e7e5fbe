/**
 * Pagination of every collection (docs/architecture.md, "Pagination"): DRF's
 * PageNumberPagination with `page_size` clamped to 1–MAX_PAGE_SIZE. No zod here: the first
 * screens read these numbers without loading a schema library.
 */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 1000;

/** Query parameters shared by paginated collections; `ordering` is DRF style (`-name`). */
export type PageQuery = { page?: number; page_size?: number; ordering?: string };
