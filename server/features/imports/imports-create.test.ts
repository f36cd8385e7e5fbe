import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createList, multipartBody, postImport } from '../../test/imports.js';

let t: TestContext;
let listId: number;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(async () => {
  await t.reset();
  listId = await createList(t, { languages: ['en', 'de'] });
});
afterAll(() => t.close());

const csv = 'email,first_name\r\nada@example.com,Ada\r\nbob@example.com,Bob\r\n';

describe('POST /api/v1/lists/{list_id}/imports', () => {
  it('answers 201 with the Import record, detecting what was not given', async () => {
    const res = await postImport(t, listId, csv, [], 'people.csv');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      file: 'people.csv',
      encoding: 'utf-8',
      delimiter: ',',
      has_header: true,
      ignore_invalid_fields: false,
      date_format: '%Y-%m-%d',
      fields: ['email', 'first_name'],
      status: 'queued',
      total_rows: null,
      created: 0,
      skipped_existing: 0,
      skipped_duplicate: 0,
      invalid: 0,
      errors: [],
      create_datetime: expect.stringMatching(/Z$/),
      on_existing: 'skip',
      updated: 0,
      undo: null,
    });
    const again = await t.get(`/api/v1/lists/${listId}/imports/${body.id}`);
    expect(again.json()).toEqual(body);
    const windows = await postImport(t, listId, csv, [], 'C:\\fakepath\\people.csv');
    expect(windows.json().file).toBe('people.csv');
  });

  it('echoes given parameters, the encoding as its WHATWG name', async () => {
    const res = await postImport(t, listId, 'a@example.com;x\n', [
      ['encoding', 'latin1'],
      ['delimiter', ';'],
      ['has_header', 'FALSE'],
      ['ignore_invalid_fields', '1'],
      ['date_format', '%d.%m.%Y'],
      ['fields', 'email'],
      ['fields', ''],
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      encoding: 'windows-1252',
      delimiter: ';',
      has_header: false,
      ignore_invalid_fields: true,
      date_format: '%d.%m.%Y',
      fields: ['email', ''],
    });
  });

  it('takes fields as one JSON array or one comma-separated string', async () => {
    const json = await postImport(t, listId, 'a@example.com,x,Ada\n', [
      ['fields', '["email", "", "first_name"]'],
    ]);
    expect(json.json().fields).toEqual(['email', '', 'first_name']);
    const comma = await postImport(t, listId, 'a@example.com,x,Ada\n', [
      ['fields', 'email,,first_name'],
    ]);
    expect(comma.json().fields).toEqual(['email', '', 'first_name']);
    const jsonPart = multipartBody([
      { name: 'fields', value: '["email","last_name"]', contentType: 'application/json' },
      { name: 'file', filename: 'a.csv', content: 'a@example.com,Lovelace\n' },
    ]);
    const typed = await t.request({
      method: 'POST',
      url: `/api/v1/lists/${listId}/imports`,
      ...jsonPart,
    });
    expect(typed.json().fields).toEqual(['email', 'last_name']);
  });

  it('accepts the list custom fields and maps header synonyms', async () => {
    await t.post(`/api/v1/lists/${listId}/fields`, { name: 'customer_id', type: 'integer' });
    const res = await postImport(
      t,
      listId,
      'E-Mail;Vorname;Nachname;Geburtsdatum;Customer ID;Notes\nx@example.com;A;B;2000-01-01;1;n\n',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      delimiter: ';',
      has_header: true,
      fields: ['email', 'first_name', 'last_name', 'date_of_birth', 'customer_id', ''],
    });
    const mapped = await postImport(t, listId, 'x@example.com,7\n', [
      ['fields', 'email,customer_id'],
    ]);
    expect(mapped.statusCode).toBe(201);
  });

  it('detects delimiters among , ; tab and |', async () => {
    const rows = (d: string) => `email${d}first_name${d}last_name\na@x.example${d}A${d}B\n`;
    for (const d of [',', ';', '\t', '|']) {
      const res = await postImport(t, listId, rows(d));
      expect(res.json().delimiter).toBe(d);
    }
    const tab = await postImport(t, listId, rows('\t'), [['delimiter', 'tab']]);
    expect(tab.json().delimiter).toBe('\t');
  });

  it('detects the header row only when a first-row cell names the email field', async () => {
    const withFields = await postImport(t, listId, 'Mail,Name\na@example.com,A\n', [
      ['fields', 'email,first_name'],
    ]);
    expect(withFields.json().has_header).toBe(true);
    const data = await postImport(t, listId, 'a@example.com,A\n', [['fields', 'email,first_name']]);
    expect(data.json().has_header).toBe(false);
  });
});

describe('404s', () => {
  it('answers 404 for an unknown list', async () => {
    expect((await postImport(t, 999, csv)).statusCode).toBe(404);
    expect((await postImport(t, 999, csv)).json()).toEqual({ detail: 'Not found.' });
    expect((await t.get('/api/v1/lists/999/imports')).statusCode).toBe(404);
  });

  it('answers 404 for an import of another list or an unknown one', async () => {
    const id = (await postImport(t, listId, csv)).json().id;
    const other = await createList(t);
    expect((await t.get(`/api/v1/lists/${other}/imports/${id}`)).statusCode).toBe(404);
    expect((await t.get(`/api/v1/lists/${listId}/imports/${id + 1}`)).statusCode).toBe(404);
    expect((await t.get(`/api/v1/lists/${listId}/imports/${id + 1}/errors.csv`)).statusCode).toBe(
      404,
    );
  });
});

describe('GET /api/v1/lists/{list_id}/imports', () => {
  it('pages the imports of the list, newest first', async () => {
    for (const name of ['one.csv', 'two.csv', 'three.csv'])
      await postImport(t, listId, csv, [], name);
    const res = await t.get(`/api/v1/lists/${listId}/imports?page_size=2`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(3);
    expect(body.results.map((r: { file: string }) => r.file)).toEqual(['three.csv', 'two.csv']);
    expect(body.next).toBe(`/api/v1/lists/${listId}/imports?page_size=2&page=2`);
  });
});
