import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isRegionCode } from '../../../contract/region-codes.js';
import { rowValidator, type ImportCustomField } from './rows.js';

/**
 * The same rows through both ends of an import: the browser's pre-check (the import wizard's
 * rowChecker) and the server's import (rowValidator) must say the same about every row, so
 * the wizard's counts and messages are what the import then does.
 */

// The checker is SPA code, outside the server's TypeScript project: loaded by URL as the
// browser's worker loads it (bench/csv-check.bench.ts does the same), typed by its shape here.
type BrowserRowCheck = {
  key: string | null;
  problems: { field: string; message: string }[];
  rejected: boolean;
};
type BrowserModule = {
  rowChecker(rules: {
    fields: readonly string[];
    customFields: readonly {
      name: string;
      type: ImportCustomField['type'];
      required: boolean;
      max_length?: number;
      choices?: { value: string; display_name: string }[];
    }[];
    languages: readonly string[];
    dateFormat: string;
    isRegionCode: (code: string) => boolean;
  }): (cells: readonly string[]) => BrowserRowCheck;
};
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const browser = (await import(
  pathToFileURL(path.join(root, 'src/features/imports/check/row-rules.ts')).href
)) as BrowserModule;

const customFields: ImportCustomField[] = [
  { name: 'member_no', type: 'integer', required: true, maxLength: null, choices: null },
  {
    name: 'plan',
    type: 'choice',
    required: false,
    maxLength: null,
    choices: [
      { value: 'free', display_name: 'Free' },
      { value: 'pro', display_name: 'Pro' },
    ],
  },
  { name: 'renewal', type: 'date', required: false, maxLength: null, choices: null },
  { name: 'nickname', type: 'string', required: false, maxLength: 5, choices: null },
];
const fields = [
  'email',
  'first_name',
  'gender',
  'date_of_birth',
  'language',
  'region',
  'member_no',
  'plan',
  'renewal',
  'nickname',
  '',
];
const languages = ['en', 'de'];
const dateFormat = '%d.%m.%Y';

// email, first name, gender, birth, language, region, member_no, plan, renewal, nickname, ignored
const rows: [string, string[]][] = [
  [
    'a good row',
    ['ada@example.com', 'Ada', 'f', '07.03.1990', 'en', 'DE', '1', 'pro', '', '', 'x'],
  ],
  ['trimmed and lowercased', [' Ada@Example.com ', ' Ada ', 'F', '7.3.1990', 'DE', 'de-by', ' 2 ']],
  ['an invalid address', ['not-an-address', 'Ada', '', '', '', '', '1']],
  ['no address', ['', 'Ada', '', '', '', '', '1']],
  ['a malformed region', ['a@x.de', '', '', '', '', 'X1!', '1']],
  ['an unknown region', ['a@x.de', '', '', '', '', 'XX', '1']],
  ['a malformed language', ['a@x.de', '', '', '', 'EN1', '', '1']],
  ["a language not the list's", ['a@x.de', '', '', '', 'fr', '', '1']],
  ['an impossible date', ['a@x.de', '', '', '31.13.1990', '', '', '1']],
  ['an ISO date in a day-first import', ['a@x.de', '', '', '1990-03-07', '', '', '1']],
  ['a year past 9999', ['a@x.de', '', '', '01.01.10000', '', '', '1']],
  ['an unknown gender', ['a@x.de', '', 'x', '', '', '', '1']],
  ['a name too long', ['a@x.de', 'x'.repeat(101), '', '', '', '', '1']],
  ['a NUL in a name', ['a@x.de', 'A\u0000da', '', '', '', '', '1']],
  ['a missing required custom value', ['a@x.de', '', '', '', '', '', '']],
  ['a required custom value not a number', ['a@x.de', '', '', '', '', '', 'one']],
  ['a choice not offered', ['a@x.de', '', '', '', '', '', '1', 'gold']],
  ['a custom date', ['a@x.de', '', '', '', '', '', '1', '', '29.02.2023']],
  ['a custom string too long', ['a@x.de', '', '', '', '', '', '1', '', '', 'toolong']],
  ['a short record', ['a@x.de']],
  ['everything wrong', ['bad', 'x'.repeat(101), 'q', '32.01.2000', 'EN1', 'X1!', 'z', 'gold']],
];

describe('import row rules: browser pre-check and server import agree', () => {
  for (const ignoreInvalidFields of [false, true]) {
    const server = rowValidator({
      fields,
      customFields,
      languages,
      dateFormat,
      ignoreInvalidFields,
    });
    const check = browser.rowChecker({
      fields,
      customFields: customFields.map((f) => ({
        name: f.name,
        type: f.type,
        required: f.required,
        max_length: f.maxLength ?? undefined,
        choices: f.choices ?? undefined,
      })),
      languages,
      dateFormat,
      isRegionCode,
    });
    it.each(rows)(`%s (ignore_invalid_fields ${ignoreInvalidFields})`, (_name, cells) => {
      const inBrowser = check(cells);
      const onServer = server(cells);
      const imported = ignoreInvalidFields ? !inBrowser.rejected : inBrowser.problems.length === 0;
      expect({
        imported: onServer.ok,
        problems: onServer.ok ? onServer.dropped : onServer.problems,
      }).toEqual({ imported, problems: inBrowser.problems });
      if (onServer.ok) expect(onServer.key).toBe(inBrowser.key);
    });
  }

  it('gives one message per problem for a malformed region or language, at both ends', () => {
    const cells = ['a@x.de', '', '', '', 'EN1', 'X1!', '1'];
    const expected = [
      {
        field: 'language',
        message: 'Enter a valid ISO-639-1 language code (two lowercase letters).',
      },
      {
        field: 'region',
        message: 'Enter a valid ISO-3166-1 country code or ISO-3166-2 subdivision code.',
      },
    ];
    const server = rowValidator({
      fields,
      customFields,
      languages,
      dateFormat,
      ignoreInvalidFields: false,
    });
    const check = browser.rowChecker({
      fields,
      customFields: [],
      languages,
      dateFormat,
      isRegionCode,
    });
    expect(server(cells)).toEqual({ ok: false, problems: expected });
    expect(check(cells.slice(0, 6)).problems).toEqual(expected);
  });
});
