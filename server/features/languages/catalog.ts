import ISO6391 from 'iso-639-1';
import { fold, searchTerms, type Locale } from '../../lib/locale.js';

export type LanguageEntry = { code: string; name: string; key: string };

const codes = [...ISO6391.getAllCodes()].sort();
const byLocale = new Map<Locale, LanguageEntry[]>();

/** Every ISO-639-1 language named in `locale`, ordered by code; built once per locale. */
export function languagesIn(locale: Locale): LanguageEntry[] {
  let entries = byLocale.get(locale);
  if (!entries) {
    const names = new Intl.DisplayNames(locale, { type: 'language', fallback: 'none' });
    entries = codes.map((code) => {
      const name = names.of(code) ?? ISO6391.getName(code);
      return { code, name, key: fold(name) };
    });
    byLocale.set(locale, entries);
  }
  return entries;
}

/**
 * Extension filters: `code` exact and case-insensitive; `search` keeps languages whose
 * localized name contains every term, or whose code is the term.
 */
export function filterLanguages(
  entries: LanguageEntry[],
  filters: { code?: string; search?: string },
): LanguageEntry[] {
  // An empty `code` is no filter, as with django-filter.
  const code = filters.code?.trim().toLowerCase() || undefined;
  const terms = searchTerms(filters.search);
  if (code === undefined && terms.length === 0) return entries;
  return entries.filter(
    (e) =>
      (code === undefined || e.code === code) &&
      terms.every((term) => e.key.includes(term) || e.code === term),
  );
}
