import { lingui } from '@lingui/vite-plugin';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import type { Plugin, PluginOption } from 'vite';
import { DASHBOARD_LOCALES } from '../contract/dashboard-locales.ts';
import { scopeOf } from './catalog-scopes.ts';

// A module that writes messages with Lingui's macros (`t`, `<Trans>`, `msg`, `plural`).
const USES_MACROS = /@lingui\/(?:core|react)\/macro/;
const SCOPE_MODULE = 'virtual:catalog/';

/**
 * Every module that writes messages imports its folder's catalog first: the catalog module
 * awaits (top-level await) the folder's messages in the active locale, so no screen renders
 * before its texts are there, whichever route pulled the module in, and no folder's catalog
 * is downloaded before one of its modules is.
 */
function catalogScopes(): Plugin {
  let root = process.cwd();
  return {
    name: 'mailboard-catalog-scopes',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id.startsWith(SCOPE_MODULE) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${SCOPE_MODULE}`)) return undefined;
      const scope = id.slice(SCOPE_MODULE.length + 1);
      // The scope's catalogs come with it: the run time keeps no table of every catalog
      // (on the sign-in's first script, 200 importers were 1.5 KB gzip).
      const importers = DASHBOARD_LOCALES.map(
        (locale) => `${locale}: () => import('/src/${scope}/${locale}.po')`,
      );
      return `import { loadScope } from '/src/i18n/catalogs.ts';\nawait loadScope(${JSON.stringify(scope)}, { ${importers.join(', ')} });\n`;
    },
    transform: {
      filter: { id: /[\\/]src[\\/].*\.tsx?$/, code: USES_MACROS },
      handler(code, id) {
        const scope = scopeOf(id.split('?')[0]!, root);
        if (!scope) return undefined;
        // Prepended on the same first line: the source map's lines stay where they were.
        return { code: `import '${SCOPE_MODULE}${scope}';${code}`, map: null };
      },
    },
  };
}

/** Lingui for the dashboard: macros compiled away, PO catalogs imported as compiled modules. */
export function linguiPlugins(): PluginOption[] {
  return [
    catalogScopes(),
    babel({
      presets: [
        defineRolldownBabelPreset({
          preset: { plugins: ['@lingui/babel-plugin-lingui-macro'] },
          rolldown: { filter: { code: USES_MACROS } },
        }),
      ],
    }),
    lingui(),
  ];
}
