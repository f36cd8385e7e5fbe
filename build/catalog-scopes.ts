/**
 * Where the dashboard's message catalogs live (issue 55): one per folder of src/ that has
 * screens or messages (each feature, app/, components/, api/, lib/), in
 * `<folder>/locales/<locale>.po`. A folder's catalog is downloaded, for the active locale
 * only, when a module of that folder is first loaded (see catalogScopes in lingui-vite.ts):
 * the sign-in screen fetches the few messages it shows, not the whole dashboard's.
 *
 * lingui.config.ts and the Vite plugins read this one definition.
 */
import path from 'node:path';

const SHARED_FOLDERS = ['app', 'components', 'api', 'lib'] as const;

/** Lingui's `catalogs` option: `{name}` stands for each feature's folder. */
export const catalogs = [
  {
    path: '<rootDir>/src/features/{name}/locales/{locale}',
    include: ['<rootDir>/src/features/{name}/'],
    exclude: ['**/*.test.*', '**/locales/**'],
  },
  ...SHARED_FOLDERS.map((folder) => ({
    path: `<rootDir>/src/${folder}/locales/{locale}`,
    include: [`<rootDir>/src/${folder}/`],
    exclude: ['**/*.test.*', '**/locales/**'],
  })),
];

/**
 * The catalog a source file's messages belong to, as a path below src/ (`features/lists`,
 * `app`), or undefined for a file outside every catalog (tests, the i18n runtime itself).
 */
export function scopeOf(file: string, root: string): string | undefined {
  const relative = path.relative(path.join(root, 'src'), file).split(path.sep);
  if (relative[0] === 'features' && relative.length > 2) return `features/${relative[1]}`;
  const folder = relative[0];
  if (relative.length > 1 && SHARED_FOLDERS.some((shared) => shared === folder)) return folder;
  return undefined;
}
