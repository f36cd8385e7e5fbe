/**
 * Where the dashboard's message catalogs live (issue 55), and so which messages are
 * downloaded together. A catalog is downloaded, for the active locale only, when a module
 * of its scope is first loaded (see catalogScopes in lingui-vite.ts).
 *
 * - One per folder of src/ that has screens or messages (each feature, app/, components/,
 *   api/, lib/), in `<folder>/locales/<locale>.po`.
 * - Apart from its folder's, for what loads apart from the rest of its folder and would
 *   otherwise bring the whole folder's messages onto a first screen (issue 55's budgets):
 *   the signed-in shell's folder, each route module (a chunk of its own, loaded when its
 *   route is opened), the server-message table (loaded with the first error), the header's
 *   people search box (the rest of the subscribers' screens are elsewhere) and the sign-in's
 *   forms shown on demand. A file's catalog is `<folder>/locales/<file>/<locale>.po`.
 *
 * lingui.config.ts, the Vite plugins and the run time (src/i18n/catalogs.ts: the catalog's
 * path is the scope's name) read this one definition.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SHARED_FOLDERS = ['app', 'components', 'api', 'lib'] as const;

/** Folders inside a catalog's folder with a catalog of their own. */
const SUB_FOLDERS = ['app/layout'];

/** Files with a catalog of their own (besides the route modules). */
const OWN_FILES = [
  'api/server-messages.ts',
  'features/subscribers/people/people-search-box.tsx',
  'features/session/components/code-step-form.tsx',
  'features/session/components/forgot-password-form.tsx',
  'features/session/components/link-password-page.tsx',
];

const ROUTES = 'app/routes';
const USES_MACROS = /@lingui\/(?:core|react)\/macro/;

/** The route modules that write messages (src/app/routes/*.tsx): each is its own chunk. */
function routeFiles(root: string): string[] {
  const folder = path.join(root, 'src', ROUTES);
  return readdirSync(folder)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\./.test(file))
    .filter((file) => USES_MACROS.test(readFileSync(path.join(folder, file), 'utf8')))
    .map((file) => `${ROUTES}/${file}`);
}

const ownFiles = (root: string) => [...OWN_FILES, ...routeFiles(root)];

/** A file scope's catalog folder, below src/: `app/routes/locales/lists`. */
const fileCatalog = (file: string) =>
  `${path.posix.dirname(file)}/locales/${path.posix.basename(file).replace(/\.tsx?$/, '')}`;

/** Lingui's `catalogs` option: `{name}` stands for each feature's folder. */
export function catalogs(root: string) {
  const files = ownFiles(root);
  // A folder's catalog leaves out what inside it has a catalog of its own.
  const excludeWithin = (folder: string) => [
    '**/*.test.*',
    '**/locales/**',
    ...SUB_FOLDERS.filter((sub) => sub.startsWith(`${folder}/`)).map(
      (sub) => `<rootDir>/src/${sub}/**`,
    ),
    ...files.filter((file) => file.startsWith(`${folder}/`)).map((file) => `<rootDir>/src/${file}`),
  ];
  return [
    {
      path: '<rootDir>/src/features/{name}/locales/{locale}',
      include: ['<rootDir>/src/features/{name}/'],
      exclude: excludeWithin('features'),
    },
    ...[...SHARED_FOLDERS, ...SUB_FOLDERS].map((folder) => ({
      path: `<rootDir>/src/${folder}/locales/{locale}`,
      include: [`<rootDir>/src/${folder}/`],
      exclude: excludeWithin(folder),
    })),
    ...files.map((file) => ({
      path: `<rootDir>/src/${fileCatalog(file)}/{locale}`,
      include: [`<rootDir>/src/${file}`],
      exclude: [],
    })),
  ];
}

/**
 * The catalog a source file's messages belong to, as its folder below src/ without the
 * locale (`features/lists/locales`, `app/routes/locales/lists`), or undefined for a file
 * outside every catalog (tests, the i18n runtime itself).
 */
export function scopeOf(file: string, root: string): string | undefined {
  const relative = path.relative(path.join(root, 'src'), file).split(path.sep).join('/');
  if (/\.test\./.test(relative)) return undefined;
  // Called only for modules that write messages, so a route module here has some.
  const routeModule = path.posix.dirname(relative) === ROUTES;
  if (routeModule || OWN_FILES.includes(relative)) return fileCatalog(relative);
  const folder = SUB_FOLDERS.find((sub) => relative.startsWith(`${sub}/`));
  if (folder) return `${folder}/locales`;
  const parts = relative.split('/');
  if (parts[0] === 'features' && parts.length > 2) return `features/${parts[1]}/locales`;
  const shared = parts[0];
  if (parts.length > 1 && SHARED_FOLDERS.some((name) => name === shared))
    return `${shared}/locales`;
  return undefined;
}
