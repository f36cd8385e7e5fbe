import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { renderEmail } from './render-email';

/**
 * mjml-browser for tests under Node: its UMD bundle `require`s cheerio, which it never
 * calls for our markup and which is not installed (the build aliases it, vite.config.ts);
 * Node's own require cannot be aliased, so the bundle is evaluated with a stub require.
 */
export function mjmlInNode(): Parameters<typeof renderEmail>[1] {
  const path = createRequire(import.meta.url).resolve('mjml-browser');
  const module = { exports: {} as unknown };
  new Function('exports', 'module', 'require', readFileSync(path, 'utf8'))(
    module.exports,
    module,
    () => ({}),
  );
  return module.exports as Parameters<typeof renderEmail>[1];
}
