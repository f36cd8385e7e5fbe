import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import literals from './eslint-no-jsx-literal-text.js';

const lint = (code: string) =>
  new Linter({ configType: 'flat' })
    .verify(
      code,
      [
        {
          files: ['**/*.tsx'],
          languageOptions: {
            parser: tseslint.parser as Linter.Parser,
            parserOptions: { ecmaFeatures: { jsx: true } },
          },
          plugins: { local: literals },
          rules: { 'local/no-jsx-literal-text': 'error' },
        },
      ],
      { filename: 'a.tsx' },
    )
    .map((m) => `${m.line}:${m.column}`);

describe('local/no-jsx-literal-text', () => {
  it('reports text, string children and text props written as literals', () => {
    expect(
      lint(
        [
          'const a = <p>Hello</p>;',
          "const b = <p>{'Hello'}</p>;",
          'const c = <input aria-label="Name" />;',
          "const d = <X confirmLabel={ok ? 'Save' : 'Create'} />;",
          'const e = <X emptyMessage={`No ${what} yet`} />;',
        ].join('\n'),
      ),
    ).toEqual(['1:14', '2:14', '3:18', '4:14', '5:14']);
  });

  it('passes catalog messages, markup without words and props that are not text', () => {
    expect(
      lint(
        [
          'const a = <p><Trans>Hello <b>you</b></Trans></p>;',
          'const b = <p>{t`Hello`} — {count}</p>;',
          'const c = <X size="sm" variant="light" className="row" href="https://example.com" />;',
          'const d = <X label={t`Name`} title={name} placeholder="—" />;',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
