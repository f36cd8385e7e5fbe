import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';
import { DASHBOARD_LOCALES } from '../contract/dashboard-locales';
import { measureFirstScreen, type Download } from './support/first-screen';

export const name = 'Client bundle: gzipped JavaScript each route loads';

/** The budget of issue 4 for the sign-in and lists screens (and the shell they share). */
const BUDGET_KB = 150;

type Chunk = { imports: string[]; dynamicImports: string[]; modules: string[]; isEntry: boolean };

const ROUTES = 'src/app/routes.tsx';

/**
 * Which chunk holds each module, and which chunks each imports: read from the bundle as it
 * is written, because modules grouped into one chunk (vite.config.ts) have no entry of their
 * own in Vite's manifest. Also the route modules: those routes.tsx loads lazily from routes/.
 */
function recordChunks(chunks: Map<string, Chunk>, routeModules: string[]): Plugin {
  let root = '';
  const relative = (id: string) => path.relative(root, id).split(path.sep).join('/');
  return {
    name: 'bench-record-chunks',
    configResolved: (config) => void (root = config.root),
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.set(output.fileName, {
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          modules: Object.keys(output.modules).map(relative),
          isEntry: output.isEntry,
        });
      }
      const routes = this.getModuleInfo(path.join(root, ROUTES));
      routeModules.push(
        ...(routes?.dynamicallyImportedIds ?? [])
          .map(relative)
          .filter((module) => module.startsWith('src/app/routes/')),
      );
    },
  };
}

/**
 * Builds the SPA into a temporary directory, with the project's Vite config. A route loads
 * the entry chunk, the router (router-app.tsx), its layout (signed-in screens) and its own
 * module, each with the chunks they import statically; it is what one screen costs when
 * opened first, by a signed-in user. The first-screen figures of issue 14 come from
 * Chromium at the end. "On demand" is what those chunks may import later (e.g. the toast
 * library on the first toast), listed apart and not counted in the first load.
 */
export async function run() {
  const outDir = mkdtempSync(path.join(tmpdir(), 'mailboard-bundle-'));
  try {
    const chunks = new Map<string, Chunk>();
    const routes: string[] = [];
    await build({
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
      plugins: [recordChunks(chunks, routes)],
    });
    const gz = new Map<string, number>();
    const size = (file: string) => {
      // A chunk of a worker's own build is recorded but written inside the worker's file.
      if (!existsSync(path.join(outDir, file))) return 0;
      if (!gz.has(file))
        gz.set(file, gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length);
      return gz.get(file)!;
    };
    const chunkOf = (module: string) => {
      const file = [...chunks].find(([, chunk]) => chunk.modules.includes(module))?.[0];
      // Every number below would silently be wrong without it.
      if (!file) throw new Error(`${module} is in no chunk of the build`);
      return file;
    };
    const closure = (files: string[], seen = new Set<string>()) => {
      for (const file of files) {
        if (seen.has(file) || !chunks.has(file)) continue;
        seen.add(file);
        closure(chunks.get(file)!.imports, seen);
      }
      return seen;
    };
    const entry = [...chunks].find(([, chunk]) => chunk.isEntry)![0];
    const layout = chunkOf('src/app/layout/app-layout.tsx');
    // The router and react-query: loaded after the sign-in screen (src/app/boot.tsx).
    const routerApp = chunkOf('src/app/router-app.tsx');
    routes.sort();
    const routeChunks = new Set(routes.map(chunkOf));
    const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(6);
    const sum = (files: Iterable<string>) => [...files].reduce((total, f) => total + size(f), 0);
    const budget = (bytes: number) =>
      bytes / 1024 <= BUDGET_KB ? `  ≤ ${BUDGET_KB} ok` : `  > ${BUDGET_KB} OVER`;
    console.log(`   ${'route module'.padEnd(28)} first load (KB gzip)   on demand`);
    // What every signed-in screen loads before its own module: the entry and the shell.
    const shell = sum(closure([entry, routerApp, layout]));
    console.log(`   ${'(entry + router + layout)'.padEnd(28)} ${kb(shell)}${budget(shell)}`);
    for (const route of routes) {
      const roots = route.endsWith('sign-in.tsx')
        ? [entry, routerApp, chunkOf(route)]
        : [entry, routerApp, layout, chunkOf(route)];
      const loaded = closure(roots);
      const total = sum(loaded);
      const lazyFiles = [...loaded]
        .flatMap((file) => chunks.get(file)!.dynamicImports)
        .filter((file) => !routeChunks.has(file) && file !== layout && file !== routerApp);
      const deferred = closure(lazyFiles);
      for (const file of loaded) deferred.delete(file);
      const flag = /\/(sign-in|lists)\.tsx$/.test(route) ? budget(total) : '';
      console.log(
        `   ${path.basename(route).padEnd(28)} ${kb(total)}${flag.padEnd(14)} ${kb(sum(deferred))}`,
      );
      // BUNDLE_DETAIL=lists prints the chunks behind a route's number.
      if (process.env.BUNDLE_DETAIL && route.includes(process.env.BUNDLE_DETAIL)) {
        for (const file of loaded) console.log(`      ${kb(size(file))}  ${file}`);
      }
    }
    // Issue 55's targets, measured the way a fresh browser gets them: in Chromium, from the
    // real server, every script until each screen is idle (idle prefetches included), each
    // gzipped at level 9, in every locale of the dashboard.
    const screens = await measureFirstScreen(outDir, DASHBOARD_LOCALES);
    const sumDownloads = (files: Download[]) => files.reduce((total, f) => total + f.gzip, 0);
    const target = (bytes: number, limit?: number) =>
      limit === undefined ? '' : bytes / 1024 <= limit ? `≤ ${limit} ok` : `> ${limit} OVER`;
    const line = (label: string, files: Download[], limit?: number) =>
      console.log(
        `   ${label.padEnd(44)} ${kb(sumDownloads(files))} KB in ${String(files.length).padStart(2)} scripts  ${target(sumDownloads(files), limit)}`,
      );
    for (const [locale, first] of screens) {
      console.log(`   Chromium, fresh browser (no cache), locale ${locale}, until idle, gzip -9:`);
      line('sign-in form shown', first.signInForm, 100);
      line('sign-in page idle (prefetching what follows)', first.signIn);
      line('…then the lists screen idle after signing in', first.lists, 150);
      const phase = (url: string) =>
        first.signInForm.some((s) => s.url === url)
          ? 'sign-in form'
          : first.signIn.some((s) => s.url === url)
            ? 'sign-in page idle'
            : 'after signing in';
      for (const f of first.lists)
        console.log(`      ${kb(f.gzip)}  ${new URL(f.url).pathname.padEnd(48)} ${phase(f.url)}`);
    }
    const first = screens.get('en')!;
    console.log(`   index.html modulepreloads: ${first.preloads.length}`);
    // Issue 30: the composer stays lazy; nothing of the block editor on the first screens.
    const EDITOR = /src\/features\/mailings\/blocks\/|mjml-browser|@tiptap|prosemirror/;
    const editorChunks = new Set(
      [...chunks].filter(([, c]) => c.modules.some((m) => EDITOR.test(m))).map(([f]) => f),
    );
    const editorLoaded = first.lists.filter((f) =>
      editorChunks.has(new URL(f.url).pathname.replace(/^\//, '')),
    );
    console.log(
      `   block editor in the sign-in and lists downloads: ${editorLoaded.length === 0 ? 'none  ok' : `${editorLoaded.map((f) => new URL(f.url).pathname).join(', ')}  OVER`} (${editorChunks.size} editor chunks in the build)`,
    );
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
