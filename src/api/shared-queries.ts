import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getMe } from './me';
import { getAllLanguages, getLanguages, type LanguageQuery } from './languages';
import { getList, getLists, type ListQuery } from './lists';
import { ALL_PAGE_SIZE, allPages } from './pagination';
import { getRegion, getRegions, type RegionQuery } from './regions';

/**
 * Query keys and options of the resources every feature shares: lists, languages, regions
 * (docs/architecture.md, "Server state"). Each is cached under one key, whichever screen
 * reads it, so a change made on one screen shows on all; never hand-write these keys.
 */
export const listQueries = {
  all: () => ['lists'] as const,
  pages: () => [...listQueries.all(), 'page'] as const,
  page: (query: ListQuery) =>
    queryOptions({
      queryKey: [...listQueries.pages(), query] as const,
      queryFn: ({ signal }) => getLists(query, signal),
      placeholderData: keepPreviousData,
    }),
  details: () => [...listQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...listQueries.details(), id] as const,
      queryFn: ({ signal }) => getList(id, signal),
    }),
  /**
   * Every list by name, for pickers and filters: all pages, however many lists there are
   * (the server has no name search to ask instead).
   */
  everyList: () =>
    queryOptions({
      queryKey: [...listQueries.all(), 'every'] as const,
      queryFn: ({ signal }) =>
        allPages(
          (page) => getLists({ page, page_size: ALL_PAGE_SIZE, ordering: 'name' }, signal),
          Infinity,
        ),
      staleTime: 60_000,
    }),
};

/** The signed-in user's role and permissions: every screen builds its controls from it. */
export const meQuery = () =>
  queryOptions({
    queryKey: ['me'] as const,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 60_000,
  });

/**
 * The read-only reference data (regions, languages). Names are localized by the browser's
 * Accept-Language, which does not change within a session.
 */
export const referenceQueries = {
  languages: () => ['languages'] as const,
  allLanguages: () =>
    queryOptions({
      queryKey: [...referenceQueries.languages(), 'all'] as const,
      queryFn: ({ signal }) => getAllLanguages(signal),
      staleTime: Infinity,
    }),
  languagePage: (query: LanguageQuery) =>
    queryOptions({
      queryKey: [...referenceQueries.languages(), 'page', query] as const,
      queryFn: ({ signal }) => getLanguages(query, signal),
      placeholderData: keepPreviousData,
      staleTime: Infinity,
    }),
  regions: () => ['regions'] as const,
  regionPage: (query: RegionQuery) =>
    queryOptions({
      queryKey: [...referenceQueries.regions(), 'page', query] as const,
      queryFn: ({ signal }) => getRegions(query, signal),
      placeholderData: keepPreviousData,
      staleTime: Infinity,
    }),
  region: (code: string) =>
    queryOptions({
      queryKey: [...referenceQueries.regions(), 'detail', code.toUpperCase()] as const,
      queryFn: ({ signal }) => getRegion(code, signal),
      staleTime: Infinity,
    }),
};
