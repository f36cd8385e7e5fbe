import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';

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
