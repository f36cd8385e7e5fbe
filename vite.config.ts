import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { linguiPlugins } from './build/lingui-vite.ts';
import { mantineStyles } from './build/mantine-styles.ts';

// The API server (server/main.ts) listens on 8080 in development; Vite proxies to it so the
// SPA and the API share one origin, exactly as in production where the server serves dist/.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

/**
 * react-router 7 resolves its development build in every environment, so production bundles
 * carried its dev warnings (remix-run/react-router#14102; 0.6 KB gzip on every screen). A
 * build takes the production files the package ships beside them. Both entry points move
 * together, so there is only ever one copy of the router (its contexts must be shared).
 */
function reactRouterProductionBuild(): Plugin {
  const pkg = createRequire(import.meta.url).resolve('react-router/package.json');
  const dist = path.join(path.dirname(pkg), 'dist/production');
  return {
    name: 'react-router-production-build',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
        ],
      },
    }),
  };
}

/**
 * react-router's production build creates its components and contexts with unannotated
 * `React.forwardRef(…)`/`createContext(…)` calls and sets their `displayName` at the top
 * level, so a bundler must keep every one of them, used or not (NavLink, Form, useSubmit and
 * what they call: 1.7 KB gzip on the first screen after sign-in). These calls have no side
 * effects: marking them pure and dropping the names (React DevTools labels only) lets
 * tree-shaking remove what the dashboard never imports. Lines stay where they are, so the
 * source maps still hold. If a release changes these lines, nothing matches and the build is
 * merely larger (`npm run bench -- bundle`).
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'react-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/ },
      handler: (code) => ({
        code: code
          .replace(
            /^(var \w+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm,
            '$1/* @__PURE__ */ $2',
          )
          .replace(/^\w+\.displayName = "[^"\n]*";$/gm, ''),
        map: null,
      }),
    },
  };
}

/**
 * A fresh browser downloads two chunks of our own, each gzipped as one file, instead of
 * some 30 small ones (issue 14: measured 161 → 147 KB to the lists screen; gzip compresses
 * one file far better than many, and each file repeats import glue). `initial`: everything
 * the entry imports statically, i.e. the sign-in screen (app/boot.tsx). `signed-in`: the
 * router with react-query (router-app.tsx), the shell and the lists screen, the first
 * screen after signing in, with what they import that the first chunk lacks. Every other
 * route renders inside that shell, so it loads no chunk more than before; the lists
 * screen's few KB come with it. Other routes keep rolldown's automatic splitting.
 */
/**
 * mjml-browser finds the global object with `new Function("return this")()` (webpack's
 * shim), which the dashboard's CSP forbids (no eval) in the render worker, leaving it
 * without a global; `globalThis` is what that expression means.
 */
function mjmlWithoutEval(): Plugin {
  return {
    name: 'mjml-without-eval',
    transform: {
      filter: { id: /[\\/]mjml-browser[\\/]lib[\\/]index\.js$/ },
      handler: (code) => ({
        code: code
          .replaceAll('new Function("return this")()', 'globalThis')
          .replaceAll('Function("return this")()', 'globalThis'),
        map: null,
      }),
    },
  };
}

const firstScreenChunks = [
  { name: 'initial', tags: ['$initial' as const], priority: 2 },
  {
    name: 'signed-in',
    test: /[\\/]src[\\/](app[\\/](router-app|layout[\\/]app-layout|routes[\\/]lists)\.tsx|features[\\/]subscribers[\\/]people[\\/]people-search-box\.tsx)$/,
    priority: 1,
  },
];

/**
 * What a lazy import preloads, less the chunks already in the page when it runs: the entry's
 * (loaded first) and, for any import but the entry's own, the signed-in chunk (every route
 * renders in its shell). Each import's preload list names them otherwise, in the route table
 * too (issue 55's budgets: the names and indexes were 0.5 KB gzip of the lists screen).
 */
function withoutLoadedChunks(_file: string, deps: string[], { hostId }: { hostId: string }) {
  const loaded = (dep: string) =>
    /^assets\/(rolldown-runtime|initial)-/.test(dep) ||
    (/^assets\/signed-in-/.test(dep) && !/^assets\/initial-/.test(hostId));
  return deps.filter((dep) => !loaded(dep));
}

const webTests = {
  environment: 'jsdom' as const,
  include: ['src/**/*.test.{ts,tsx}'],
  setupFiles: ['src/test/setup.ts'],
  testTimeout: 15_000,
};
const chartTests = ['src/features/statistics/components/**/*.test.tsx'];

export default defineConfig({
  // No import rewriting for Mantine: rolldown places what is imported through its
  // side-effect-free barrel by actual use (measured: the same modules per route as per-file
  // imports, ±0.2 KB gzip), so `import { Button } from '@mantine/core'` is all it takes.
  plugins: [
    reactRouterProductionBuild(),
    reactRouterTreeShaking(),
    mjmlWithoutEval(),
    mantineStyles(),
    // Before React's plugin: the macros become plain calls before JSX is compiled.
    ...linguiPlugins(),
    react(),
  ],
  worker: { plugins: () => [mjmlWithoutEval()] },
  // mjml-browser requires `cheerio` without using it for what the block editor renders.
  resolve: { alias: [{ find: /^cheerio$/, replacement: path.resolve('src/lib/cheerio-stub.ts') }] },
  server: {
    proxy: {
      '/api': apiTarget,
      '/media': apiTarget,
    },
  },
  build: {
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each route loads (bench/bundle.bench.ts).
    manifest: true,
    // No polyfill for <link rel="modulepreload"> in the sign-in's first script (0.5 KB gzip,
    // issue 55): every browser Mantine 9 supports preloads modules itself, and one without
    // would only load a lazy chunk's imports one after another instead of side by side.
    modulePreload: { polyfill: false, resolveDependencies: withoutLoadedChunks },
    chunkSizeWarningLimit: 800,
    rolldownOptions: { output: { codeSplitting: { groups: firstScreenChunks } } },
  },
  test: {
    // Two files at a time even on two cores (vitest's default there is one): a server test
    // waits on PostgreSQL, SMTP and child processes much of the time (1.7× faster measured).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // Files share a worker's module cache: each still builds its own app on its own
          // database; module-level caches are keyed by database, and the one switch a test
          // flips (useOneStatementPages) is put back after each test. Loading Fastify,
          // Drizzle and every feature once per worker, not once per file, took the 90 files
          // from 560 s to 300 s here (and test:pg's 68 from 500 s to 220 s).
          isolate: false,
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          ...webTests,
          name: 'web',
          // Each file still gets its own module graph and jsdom, but in a VM context of a
          // reused process: loading jsdom, React and Mantine once per worker instead of once
          // per file took the 70 files from 220 s to 35 s here.
          pool: 'vmForks',
          exclude: [...configDefaults.exclude, ...chartTests],
        },
      },
      {
        extends: true,
        // recharts' CommonJS build requires @reduxjs/toolkit's ESM build, which the VM pool's
        // module loader refuses; the screens that draw charts run in plain forks.
        test: { ...webTests, name: 'web-charts', include: chartTests },
      },
    ],
  },
});
