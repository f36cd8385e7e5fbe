/** Query parameters of every paginated collection (DESIGN §4: `ordering` is DRF style). */
export type PageParams = { page?: number; page_size?: number; ordering?: string };

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
