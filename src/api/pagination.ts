import { MAX_PAGE_SIZE, type PageQuery } from '../../contract/pagination';

/** Query parameters of every paginated collection (`ordering` is DRF style). */
export type PageParams = PageQuery;

/** The largest page the server gives: what "every item" readers ask for. */
export const ALL_PAGE_SIZE = MAX_PAGE_SIZE;

/** Every item of a collection, page after page (small reference collections only). */
export async function allPages<T>(
  fetchPage: (page: number) => Promise<{ next: string | null; results: T[] }>,
  maxPages = 50,
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const { next, results } = await fetchPage(page);
    items.push(...results);
    if (!next) break;
  }
  return items;
}
