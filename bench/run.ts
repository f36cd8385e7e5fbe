import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * `npm run bench`: runs every `bench/*.bench.ts` in turn (or those named on the command line,
 * e.g. `npm run bench -- import`). Each module exports `name` and `run()`, which prints its
 * figures. Numbers are printed, never asserted.
 */
const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

if (files.length === 0) console.log('No benchmarks match.');
for (const file of files) {
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as {
    name: string;
    run: () => Promise<void>;
  };
  console.log(`\n== ${mod.name} (${file})`);
  const started = performance.now();
  await mod.run();
  console.log(`   (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
