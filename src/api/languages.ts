import type { Language, LanguageQuery } from '../../contract/languages';
import { requestParsed } from './client';
import { lightEnvelope, lightLanguage as language } from './light-schemas';
import { ALL_PAGE_SIZE, allPages } from './pagination';

export type { Language, LanguageQuery };

const languagePage = lightEnvelope(language);

export const getLanguages = (query: LanguageQuery = {}, signal?: AbortSignal) =>
  requestParsed(languagePage, '/languages', { query, signal });

/**
 * The whole language list (~184 ISO-639-1 codes) for pickers. Large pages keep it to one
 * request on our server; another deployment with a smaller page size is paged through.
 */
export const getAllLanguages = (signal?: AbortSignal) =>
  allPages((page) => getLanguages({ page, page_size: ALL_PAGE_SIZE }, signal));
