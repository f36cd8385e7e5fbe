import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { measureFirstScreen, type Download } from './support/first-screen';

export const name = 'Client bundle: gzipped JavaScript each route loads';

/** The budget of issue 4 for the sign-in and lists screens (and the shell they share). */
const BUDGET_KB = 150;

type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
type Manifest = Record<string, Chunk>;

/**
 * Builds the SPA into a temporary directory and reads Vite's manifest. A route loads the
 * entry chunk, the router (router-app.tsx), its layout (signed-in screens) and its own
 * module, each with the chunks they import statically; it is what one screen costs when
 * opened first, by a signed-in user. The first-screen figures of issue 14 come from
 * Chromium at the end. "On demand" is what those chunks may import later (e.g. the toast
 * library on the first toast), listed apart and not counted in the first load.
 */
export async function run() {
  const outDir = mkdtempSync(path.join(tmpdir(), 'mailboard-bundle-'));
  try {
    const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--logLevel', 'error'], {
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('vite build failed');
    const manifest = JSON.parse(
      readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
    ) as Manifest;
    const gz = new Map<string, number>();
    const size = (file: string) => {
      if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(outDir, file))).length);
      return gz.get(file)!;
    };
    const closure = (keys: string[], seen = new Set<string>()) => {
      for (const key of keys) {
        if (seen.has(key) || !manifest[key]) continue;
        seen.add(key);
        closure(manifest[key].imports ?? [], seen);
      }
      return seen;
    };
    const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
    const layout = 'src/app/layout/app-layout.tsx';
    // The router and react-query: loaded after the sign-in screen (src/app/boot.tsx).
    const routerApp = 'src/app/router-app.tsx';
    // A chunking change that folds the shell into another chunk would make every number
    // below silently wrong.
    for (const key of [layout, routerApp])
      if (!manifest[key]) throw new Error(`${key} has no chunk of its own in the manifest`);
    const routes = Object.keys(manifest)
      .filter((k) => k.startsWith('src/app/routes/'))
      .sort();
    const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(6);
    const budget = (bytes: number) =>
      bytes / 1024 <= BUDGET_KB ? `  ≤ ${BUDGET_KB} ok` : `  > ${BUDGET_KB} OVER`;
    console.log(`   ${'route module'.padEnd(28)} first load (KB gzip)   on demand`);
    // What every signed-in screen loads before its own module: the entry and the shell.
    const shell = [...closure([entry, routerApp, layout])].reduce(
      (sum, key) => sum + size(manifest[key]!.file),
      0,
    );
    console.log(`   ${'(entry + router + layout)'.padEnd(28)} ${kb(shell)}${budget(shell)}`);
    for (const route of routes) {
      const roots = route.endsWith('sign-in.tsx')
        ? [entry, routerApp, route]
        : [entry, routerApp, layout, route];
      const loaded = closure(roots);
      const total = [...loaded].reduce((sum, key) => sum + size(manifest[key]!.file), 0);
      const routeKeys = new Set(routes);
      const lazyKeys = [...loaded]
        .flatMap((key) => manifest[key]!.dynamicImports ?? [])
        .filter((key) => !routeKeys.has(key) && key !== layout && key !== routerApp);
      const deferred = closure(lazyKeys);
      for (const key of loaded) deferred.delete(key);
      const later = [...deferred].reduce((sum, key) => sum + size(manifest[key]!.file), 0);
      const flag = /\/(sign-in|lists)\.tsx$/.test(route) ? budget(total) : '';
      console.log(
        `   ${path.basename(route).padEnd(28)} ${kb(total)}${flag.padEnd(14)} ${kb(later)}`,
      );
      // BUNDLE_DETAIL=lists prints the chunks behind a route's number.
      if (process.env.BUNDLE_DETAIL && route.includes(process.env.BUNDLE_DETAIL)) {
        for (const key of loaded)
          console.log(`      ${kb(size(manifest[key]!.file))}  ${manifest[key]!.file}  (${key})`);
      }
    }
    // Issue 14's targets, measured the way a user gets them: in Chromium, from the server.
    const first = await measureFirstScreen(outDir);
    const sum = (files: Download[]) => files.reduce((total, f) => total + f.gzip, 0);
    const target = (bytes: number, limit: number) =>
      bytes / 1024 <= limit ? `≤ ${limit} ok` : `> ${limit} OVER`;
    const line = (label: string, files: Download[], limit: number) =>
      console.log(
        `   ${label.padEnd(44)} ${kb(sum(files))} KB in ${String(files.length).padStart(2)} scripts  ${target(sum(files), limit)}`,
      );
    console.log('   Chromium, fresh browser (no cache):');
    line('sign-in screen shown', first.signIn, 100);
    line('…then the lists screen after signing in', first.lists, 150);
    console.log(`   index.html modulepreloads: ${first.preloads.length}`);
    if (process.env.BUNDLE_DETAIL === 'first')
      for (const f of first.lists)
        console.log(
          `      ${kb(f.gzip)}  ${new URL(f.url).pathname}${first.signIn.some((s) => s.url === f.url) ? '' : '  (after sign-in)'}`,
        );
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
