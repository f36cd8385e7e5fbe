import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { catalogs } from './build/catalog-scopes.ts';
import { DASHBOARD_LOCALES } from './contract/dashboard-locales.ts';

// The dashboard's languages (contract/dashboard-locales.ts); English is the source. Catalogs
// are gettext PO files per folder: translators' tools read them, and two people adding
// messages to different features never edit the same file.
export default defineConfig({
  sourceLocale: 'en',
  locales: [...DASHBOARD_LOCALES],
  catalogs: catalogs(path.dirname(fileURLToPath(import.meta.url))),
  // A missing translation must fail the catalog check (src/i18n/catalogs.test.ts), never
  // fall back silently to English at run time.
  fallbackLocales: false,
  orderBy: 'message',
  // Files without line numbers: moving code does not rewrite every catalog.
  format: formatter({ lineNumbers: false }),
});
