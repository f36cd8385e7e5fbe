import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getAllLanguages, getLanguages, type LanguageQuery } from '../../api/languages';
import { getRegion, getRegions, type RegionQuery } from '../../api/regions';

/**
 * Query options of the read-only reference data (regions, languages). They live beside the
 * pickers because every feature's forms use them; the regions screens use them too. Names
 * are localized by the browser's Accept-Language, which does not change within a session.
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
