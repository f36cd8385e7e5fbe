import { i18n, type Messages } from '@lingui/core';
import {
  DASHBOARD_LOCALE_COOKIE,
  DASHBOARD_LOCALES,
  isDashboardLocale,
  type DashboardLocale,
} from '../../contract/dashboard-locales';

/**
 * The dashboard's messages at run time (issue 55). Each folder of src/ has its own catalog
 * per locale, and a few files apart (build/catalog-scopes.ts: a scope is its catalog's
 * folder below src/); a scope's modules await `loadScope` before they run, so a catalog
 * arrives with the first module that needs it, in the active locale only.
 * Switching the locale fetches the catalogs of every folder loaded so far, then activates.
 */
/** A scope's catalog in each locale, as compiled modules (the scope's module lists them). */
type Importers = Record<DashboardLocale, () => Promise<{ messages: Messages }>>;

// The scopes loaded so far, with their catalogs' importers.
const scopes = new Map<string, Importers>();
// `locale/scope` pairs whose messages are in `i18n` (or on their way).
const loaded = new Set<string>();

async function load(locale: DashboardLocale, wanted: Iterable<string>) {
  const missing = [...wanted].filter((scope) => !loaded.has(`${locale}/${scope}`));
  for (const scope of missing) loaded.add(`${locale}/${scope}`);
  try {
    const modules = await Promise.all(missing.map((scope) => scopes.get(scope)?.[locale]()));
    for (const module of modules) if (module) i18n.load(locale, module.messages);
  } catch (error) {
    // Asked again next time (the connection may be back), not taken as loaded.
    for (const scope of missing) loaded.delete(`${locale}/${scope}`);
    throw error;
  }
}

/** The locale a fresh page starts in: the page's `lang` (the server chose it), else the browser's. */
export function initialLocale(): DashboardLocale {
  // Outside a page (the server's tests load the zip and CSV checks the workers run): English.
  if (typeof document === 'undefined' || typeof navigator === 'undefined') return 'en';
  const candidates = [document.documentElement.lang, ...navigator.languages];
  for (const candidate of candidates) {
    const primary = candidate?.split('-')[0]?.toLowerCase();
    if (isDashboardLocale(primary)) return primary;
  }
  return 'en';
}

i18n.load(Object.fromEntries(DASHBOARD_LOCALES.map((locale) => [locale, {}])));
i18n.activate(initialLocale());
if (typeof document !== 'undefined') document.documentElement.lang = i18n.locale;

/**
 * Awaited by every module of `scope` (its catalog's folder below src/) before it runs: imported by the
 * modules build/lingui-vite.ts prepends, which knip cannot see.
 * @public
 */
export async function loadScope(scope: string, importers: Importers): Promise<void> {
  if (scopes.has(scope)) return;
  scopes.set(scope, importers);
  await load(i18n.locale as DashboardLocale, [scope]);
}

/** Speak `locale` from now on: its catalogs first, then every `useLingui` re-renders. */
export async function switchLocale(locale: DashboardLocale): Promise<void> {
  if (locale === i18n.locale) return;
  await load(locale, scopes.keys());
  i18n.activate(locale);
  document.documentElement.lang = locale;
  // The next page load starts in it (server/plugins/spa.ts writes `<html lang>` from it).
  document.cookie = `${DASHBOARD_LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
  // A folder first loaded while the new catalogs were on their way got the old locale's.
  await load(locale, scopes.keys());
}

export const activeLocale = () => i18n.locale as DashboardLocale;
