import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { allSubscribers, createList, importFile, pick, postImport } from '../../test/imports.js';
import { runImportJobs } from './worker.js';

const fixtures = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../e2e/fixtures/csv',
);

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

describe('processing', () => {
  it('imports a Latin-1 semicolon file without header, with fields and %d.%m.%Y dates', async () => {
    const listId = await createList(t, { languages: ['de', 'en'], default_language: 'de' });
    await t.post(`/api/v1/lists/${listId}/fields`, { name: 'member_since', type: 'date' });
    const file = iconv.encode(
      [
        'juergen@example.de;Jürgen;Müller;31.01.1980;de;DE-BY;01.02.2020',
        'weiss@example.de;Bärbel;Weiß;7.3.1975;DE;de;',
        'rollover@example.de;Zoë;Øster;31.13.1990;de;DE;',
      ].join('\r\n'),
      'latin1',
    );
    const record = await importFile(t, listId, file, [
      ['delimiter', ';'],
      ['date_format', '%d.%m.%Y'],
      ['fields', 'email,first_name,last_name,date_of_birth,language,region,member_since'],
    ]);
    expect(record).toMatchObject({
      encoding: 'windows-1252',
      has_header: false,
      status: 'done',
      total_rows: 3,
      created: 2,
      skipped_existing: 0,
      skipped_duplicate: 0,
      invalid: 1,
      errors: [
        {
          row: 3,
          field: 'date_of_birth',
          message: 'Date has wrong format. Use one of these formats instead: %d.%m.%Y.',
        },
      ],
    });
    const subscribers = await allSubscribers(t, listId);
    const keys = ['email', 'first_name', 'last_name', 'date_of_birth', 'language', 'region'];
    expect(subscribers.map((s) => pick(s, [...keys, 'member_since', 'subscription']))).toEqual([
      {
        email: 'juergen@example.de',
        first_name: 'Jürgen',
        last_name: 'Müller',
        date_of_birth: '1980-01-31',
        language: 'de',
        region: 'DE-BY',
        member_since: '2020-02-01',
        subscription: 'active',
      },
      {
        email: 'weiss@example.de',
        first_name: 'Bärbel',
        last_name: 'Weiß',
        date_of_birth: '1975-03-07',
        language: 'de',
        region: 'DE',
        member_since: null,
        subscription: 'active',
      },
    ]);
  });

  it('imports a UTF-8 file with BOM, tabs and a header row', async () => {
    const listId = await createList(t);
    const file =
      '\uFEFFEmail\tFirst name\tNachname\tGender\nada@example.com\tAda\tLovelace\tF\ngrace@example.com\tGrace\tHopper\t\n';
    const record = await importFile(t, listId, file);
    expect(record).toMatchObject({
      encoding: 'utf-8',
      delimiter: '\t',
      has_header: true,
      fields: ['email', 'first_name', 'last_name', 'gender'],
      status: 'done',
      total_rows: 2,
      created: 2,
    });
    const subscribers = await allSubscribers(t, listId);
    expect(subscribers.map((s) => pick(s, ['email', 'first_name', 'last_name', 'gender']))).toEqual(
      [
        { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', gender: 'f' },
        { email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper', gender: '' },
      ],
    );
  });

  it('imports the Mailchimp export mapped with fields', async () => {
    const listId = await createList(t);
    await t.post(`/api/v1/lists/${listId}/fields`, { name: 'notes', type: 'string' });
    const fields = Array<string>(23).fill('');
    Object.assign(fields, {
      0: 'email',
      1: 'first_name',
      2: 'last_name',
      16: 'region',
      21: 'notes',
    });
    const record = await importFile(
      t,
      listId,
      await readFile(path.join(fixtures, 'mailchimp-export.csv')),
      [['fields', JSON.stringify(fields)]],
    );
    expect(record).toMatchObject({
      encoding: 'utf-8',
      delimiter: ',',
      has_header: true,
      status: 'done',
      total_rows: 40,
      created: 38,
      skipped_existing: 0,
      skipped_duplicate: 1,
      invalid: 1,
      errors: [{ row: 9, field: 'email', message: 'Enter a valid email address.' }],
    });
    const subscribers = await allSubscribers(t, listId);
    expect(subscribers).toHaveLength(38);
    expect(subscribers.find((s) => s.email === 'chloe.jensen2@example.com')).toMatchObject({
      first_name: 'Chloé',
      region: 'GB',
    });
    expect(subscribers.find((s) => s.email === 'emilie.nguyen20@example.com')).toMatchObject({
      notes: '=HYPERLINK("http://example.com")',
    });
    expect(
      subscribers.some(
        (s) => s.email.toLowerCase() === 'chloe.jensen2@example.com' && s.first_name === 'Paul',
      ),
    ).toBe(false);
  });

  it('gives imported subscribers the pending state on a double opt-in list', async () => {
    const listId = await createList(t, { double_opt_in: true });
    const record = await importFile(t, listId, 'email\na@example.com\nb@example.com\n');
    expect(record.created).toBe(2);
    const list = await t.get(`/api/v1/lists/${listId}`);
    expect(list.json().subscriber_counts).toMatchObject({ active: 0, pending: 2 });
  });

  it('fails an import whose bytes cannot be decoded, keeping what came before', async () => {
    const listId = await createList(t);
    const created = await postImport(
      t,
      listId,
      iconv.encode('email,first_name\na@example.com,Ann\nb@example.com,Jürgen\n', 'latin1'),
    );
    // As if a client had named the wrong encoding and an older server had accepted it.
    await t.db.execute(sql`UPDATE imports SET encoding = 'utf-8' WHERE id = ${created.json().id}`);
    await runImportJobs(t.db);
    const record = (await t.get(`/api/v1/lists/${listId}/imports/${created.json().id}`)).json();
    expect(record).toMatchObject({
      status: 'failed',
      errors: [{ row: 0, field: 'file', message: expect.stringContaining('not valid utf-8') }],
    });
    expect(record.total_rows).toBe(
      record.created + record.skipped_existing + record.skipped_duplicate + record.invalid,
    );
  });
});
