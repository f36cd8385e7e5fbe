import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { parse, type Token } from '@messageformat/parser';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scopeOf } from '../build/catalog-scopes';

/**
 * The dashboard's catalogs are complete (issue 55): every message the source writes is in
 * every locale's catalog of its folder, translated, with the same placeholders, plurals and
 * tags as the English; a message added without `npm run i18n:extract` fails here, before a
 * user sees a bare message id. Runs Lingui's own extractor over src/, as the CLI does.
 */
const config = getConfig({ cwd: process.cwd(), configPath: 'lingui.config.ts' });

/** The names a message interpolates: `{count}`, `{n, plural, …}`, `<0>…</0>`. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
      if (token.type === 'plural' || token.type === 'select') {
        names.add(`${token.arg}:${token.type}`);
        for (const c of token.cases) visit(c.tokens);
      }
    }
  };
  visit(parse(message, { strict: false }));
  for (const [tag] of message.matchAll(/<\/?\d+\/?>/g)) names.add(tag);
  return [...names].sort();
}

describe('the message catalogs', async () => {
  const catalogs = await getCatalogs(config);
  for (const catalog of catalogs) {
    it(`are complete in ${catalog.path.replace(/^.*?\/src\//, 'src/')}`, async () => {
      const extracted = (await catalog.collect()) ?? {};
      const files = await catalog.readAll();
      const problems: string[] = [];
      for (const [id, { message }] of Object.entries(extracted)) {
        const source = message ?? id;
        for (const locale of config.locales) {
          const entry = files[locale]?.[id];
          if (!entry) problems.push(`${locale}: not extracted: ${JSON.stringify(source)}`);
          else if (locale !== config.sourceLocale && !entry.translation)
            problems.push(`${locale}: not translated: ${JSON.stringify(source)}`);
          else if (entry.translation) {
            const want = placeholders(source).join(' ');
            const got = placeholders(entry.translation).join(' ');
            if (want !== got)
              problems.push(
                `${locale}: placeholders ${got} instead of ${want} in ${JSON.stringify(source)}`,
              );
          }
        }
      }
      expect(problems, 'run `npm run i18n:extract` and translate').toEqual([]);
    });
  }
});

describe('the catalog scopes', async () => {
  const catalogs = await getCatalogs(config);
  it("put each file's messages in the one catalog its modules load", () => {
    // Lingui's own reading of include/exclude (what `npm run i18n:extract` writes) against
    // what the build makes a module load (build/catalog-scopes.ts scopeOf).
    const owners = new Map<string, string[]>();
    for (const catalog of catalogs)
      for (const file of catalog.sourcePaths)
        owners.set(path.resolve(file), [...(owners.get(path.resolve(file)) ?? []), catalog.path]);
    const problems: string[] = [];
    const sources = readdirSync('src', { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => path.resolve('src', file));
    for (const file of sources) {
      // Only modules that write messages load a catalog.
      if (!/@lingui\/(core|react)\/macro/.test(readFileSync(file, 'utf8'))) continue;
      const scope = scopeOf(file, process.cwd());
      if (!scope) continue;
      const expected = path.join(process.cwd(), 'src', scope, '{locale}');
      const paths = owners.get(file) ?? [];
      if (paths.length !== 1 || paths[0] !== expected)
        problems.push(`${path.relative(process.cwd(), file)}: in ${paths.join(', ') || 'none'}`);
    }
    expect(problems).toEqual([]);
    // Lingui read the whole of src/ (a wrong include would pass the loop above unseen).
    expect(owners.size).toBeGreaterThan(300);
  });
});
