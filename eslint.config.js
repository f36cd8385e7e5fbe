import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import pluginQuery from '@tanstack/eslint-plugin-query';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import cycles from './scripts/eslint-no-import-cycle.js';
import literals from './scripts/eslint-no-jsx-literal-text.js';

// One zone per feature: it may import anything but another feature.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: features.filter((other) => other !== feature).map((other) => `./src/features/${other}`),
  message: 'Compose features in src/app/ instead of importing another feature.',
}));

// The server's features (docs/architecture.md §2): each is a Fastify plugin whose index.ts is
// its only door. Another feature, app.ts, the CLI, the demo data and the test helpers import
// a feature through that door; its tests may import its own internals, never another's.
const serverDirectory = new URL('./server/', import.meta.url);
const serverFeatures = readdirSync(new URL('features', serverDirectory), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const throughIndex = (target) =>
  serverFeatures.map((feature) => ({
    target,
    from: `./server/features/${feature}`,
    except: ['./index.ts'],
    message: `Import ${feature} through server/features/${feature}/index.ts, its only door.`,
  }));
// Infrastructure (plugins/: errors, headers, body, OpenAPI, SPA, proxy; db/; lib/) sits
// below the features and knows none: a feature registers a hook, or app.ts passes a value.
const infrastructure = ['./server/plugins', './server/db', './server/lib'];
// Everything in server/ but the features and the infrastructure: app.ts, config, the CLI,
// the demo data, the test helpers. (bench/ measures features' internals and is not bound.)
const composition = readdirSync(serverDirectory, { withFileTypes: true })
  .map((entry) => `./server/${entry.name}`)
  .filter((path) => path !== './server/features' && !infrastructure.includes(path));
const serverZones = [
  ...serverFeatures.flatMap((feature) =>
    throughIndex(`./server/features/${feature}`).filter(
      (zone) => zone.from !== `./server/features/${feature}`,
    ),
  ),
  ...composition.flatMap(throughIndex),
];
const infrastructureZone = {
  target: infrastructure,
  from: './server/features',
  message: 'plugins/, db/ and lib/ import no feature: the feature registers a hook instead.',
};

// Boundaries of docs/architecture.md: contract/ is shared (pure and isomorphic: schemas and
// rules both ends run, no I/O) and imports neither side; src/ and server/
// never import each other; a feature never reaches into another feature (compose in app/).
const boundaries = {
  'import/no-restricted-paths': [
    'error',
    {
      zones: [
        {
          target: './contract',
          from: ['./src', './server'],
          message: 'contract/ is pure and isomorphic: it imports neither side.',
        },
        {
          target: './src',
          from: './server',
          message: 'The SPA talks to the server over HTTP only.',
        },
        { target: './server', from: './src', message: 'The server never imports the SPA.' },
        ...featureZones,
        ...serverZones,
        {
          target: './src/features',
          from: './src/app',
          message: 'Features do not import the app shell.',
        },
        {
          target: ['./src/api', './src/lib', './src/components'],
          from: ['./src/features', './src/app'],
          message: 'Shared layers do not depend on features or the app.',
        },
      ],
    },
  ],
  'import/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
  // import/no-cycle skips type-only imports; this one counts them (scripts/eslint-no-import-cycle.js).
  'local/no-import-cycle': 'error',
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      '.data',
      '.tmp',
      'test-results',
      'playwright-report',
      'server/db/migrations',
      // Type-checked against a client generated at test time (server/plugins/openapi-client.test.ts).
      'server/test/openapi-client',
      'postcss.config.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    plugins: { import: importPlugin, local: { rules: { ...cycles.rules, ...literals.rules } } },
    settings: {
      // eslint-plugin-import with the enhanced-resolve based TypeScript resolver (3.8): later
      // resolvers need unrs-resolver, whose per-platform optional packages this registry
      // mirror lacks, which makes `npm ci` refuse the lock file.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': {
        typescript: {
          project: ['./tsconfig.app.json', './tsconfig.server.json', './tsconfig.node.json'],
        },
      },
    },
    rules: {
      ...boundaries,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Infrastructure's own code; its tests drive the whole app and may use a feature's index.ts.
    files: ['server/{plugins,db,lib}/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [...boundaries['import/no-restricted-paths'][1].zones, infrastructureZone],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // contract/ runs in the browser, its workers and the server alike: no I/O, no platform.
    files: ['contract/**/*.ts'],
    ignores: ['contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(node:|fs$|path$|pg$|pg-|@electric-sql/|fastify|@fastify/|drizzle-orm|react|@mantine/|@tanstack/)',
              message: 'contract/ is pure and isomorphic: no I/O, no platform or UI library.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every word a user reads comes from the message catalogs (issue 55).
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx', 'src/test/**'],
    rules: { 'local/no-jsx-literal-text': 'error' },
  },
  ...pluginQuery.configs['flat/recommended'],
  {
    files: [
      'server/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.{ts,js,mjs}',
      '*.config.{ts,js}',
      'e2e/**/*.ts',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['.ci/**', 'scripts/**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  prettier,
);
