import iconv from 'iconv-lite';
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

describe('encoding detection', () => {
  const latin1 = iconv.encode(
    'email;name\nj@example.de;Jürgen Müller\ns@example.de;Weiß\n',
    'latin1',
  );

  it('reads a byte-order mark', async () => {
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('email\na@x.de\n')]);
    expect((await postImport(t, listId, utf8)).json().encoding).toBe('utf-8');
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      iconv.encode('email\na@x.de\n', 'utf-16le'),
    ]);
    const res = await postImport(t, listId, utf16);
    expect(res.json()).toMatchObject({ encoding: 'utf-16le', fields: ['email'] });
  });

  it('takes valid UTF-8 as UTF-8 and anything else as the detector says, else windows-1252', async () => {
    const utf8 = await postImport(t, listId, 'email;name\nj@example.de;Jürgen Müller\n');
    expect(utf8.json().encoding).toBe('utf-8');
    const latin = await postImport(t, listId, latin1);
    expect(latin.json()).toMatchObject({ encoding: 'windows-1252', delimiter: ';' });
  });

  it('recognises UTF-16 without a BOM', async () => {
    const res = await postImport(t, listId, iconv.encode('email,name\na@x.de,Ann\n', 'utf-16be'));
    expect(res.json()).toMatchObject({ encoding: 'utf-16be', fields: ['email', ''] });
  });

  it('refuses utf-8 for a file that is not UTF-8', async () => {
    const res = await postImport(t, listId, latin1, [['encoding', 'utf-8']]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ encoding: [expect.stringContaining('not valid utf-8')] });
  });
});

describe('invalid import data', () => {
  const bad = async (params: [string, string][], content: string | Buffer = csv) => {
    const res = await postImport(t, listId, content, params);
    expect(res.statusCode).toBe(400);
    return res.json();
  };

  it('answers 400 on each bad parameter', async () => {
    expect(await bad([['encoding', 'klingon']])).toEqual({
      encoding: [expect.stringContaining('"klingon" is not a supported encoding')],
    });
    expect(await bad([['delimiter', ':']])).toEqual({
      delimiter: [expect.stringContaining('":" is not a valid choice')],
    });
    expect(await bad([['has_header', 'maybe']])).toEqual({
      has_header: ['Must be a valid boolean.'],
    });
    expect(await bad([['ignore_invalid_fields', 'yes please']])).toEqual({
      ignore_invalid_fields: ['Must be a valid boolean.'],
    });
    expect(await bad([['date_format', '%d.%K.%Y']])).toEqual({
      date_format: [expect.stringContaining('Unknown directive "%K"')],
    });
    expect(await bad([['date_format', 'dd.mm.yyyy']])).toEqual({
      date_format: [expect.stringContaining('no directive')],
    });
    expect(await bad([['fields', 'email,shoe_size']])).toEqual({
      fields: ['"shoe_size" (column 2) is not a subscriber field of this list.'],
    });
    expect(await bad([['fields', 'email,first_name,email']])).toEqual({
      fields: ['"email" is mapped to more than one column (column 3).'],
    });
    expect(await bad([['fields', '["email", 3]']])).toEqual({
      fields: ['Each element must be a field name (a string) or empty.'],
    });
    expect(await bad([['fields', '[email']])).toEqual({
      fields: [expect.stringContaining('JSON array')],
    });
  });

  it('gathers every parameter problem in one body', async () => {
    const body = await bad([
      ['encoding', 'nope'],
      ['delimiter', 'x'],
    ]);
    expect(Object.keys(body).sort()).toEqual(['delimiter', 'encoding']);
  });

  it('needs an email column', async () => {
    expect(await bad([['fields', 'first_name,last_name']])).toEqual({
      fields: ['No column is mapped to email.'],
    });
    expect(await bad([], 'name,city\nAda,London\n')).toEqual({
      fields: [expect.stringContaining('no header row was found')],
    });
    expect(await bad([['has_header', 'true']], 'name,city\nAda,London\n')).toEqual({
      fields: [expect.stringContaining('No column of the header row names the email field')],
    });
  });

  it('needs fields when the file has no header row', async () => {
    expect(await bad([['has_header', 'false']])).toEqual({
      fields: ['This field is required when the file has no header row.'],
    });
  });

  it('needs a non-empty file', async () => {
    const none = await t.request({
      method: 'POST',
      url: `/api/v1/lists/${listId}/imports`,
      ...multipartBody([{ name: 'encoding', value: 'utf-8' }]),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ file: ['No file was submitted.'] });
    const text = await t.request({
      method: 'POST',
      url: `/api/v1/lists/${listId}/imports`,
      ...multipartBody([{ name: 'file', value: 'email\na@b.c' }]),
    });
    expect(text.json()).toEqual({
      file: ['The submitted data was not a file. Check the encoding type on the form.'],
    });
    expect(await bad([], '')).toEqual({ file: ['The submitted file is empty.'] });
    expect(await bad([], '\r\n\r\n')).toEqual({ file: ['The submitted file is empty.'] });
  });

  it('refuses a JSON body', async () => {
    const res = await t.post(`/api/v1/lists/${listId}/imports`, { file: 'x' });
    expect(res.statusCode).toBe(415);
  });

  it('answers 400 for a multipart body that cannot be read, and keeps nothing', async () => {
    const cutShort = await t.request({
      method: 'POST',
      url: `/api/v1/lists/${listId}/imports`,
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload:
        '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nemail\r\na@b.c',
    });
    expect(cutShort.statusCode).toBe(400);
    expect(cutShort.json().detail).toMatch(/^Multipart form parse error/);
    const noBoundary = await t.request({
      method: 'POST',
      url: `/api/v1/lists/${listId}/imports`,
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'anything',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect((await t.get(`/api/v1/lists/${listId}/imports`)).json().count).toBe(0);
  });

  it('keeps nothing of a refused upload', async () => {
    await bad([['fields', 'nope']]);
    const res = await postImport(t, listId, csv, [['date_format', '%d']], 'late.csv');
    expect(res.statusCode).toBe(201);
    const list = await t.get(`/api/v1/lists/${listId}/imports`);
    expect(list.json().results.map((r: { file: string }) => r.file)).toEqual(['late.csv']);
  });
});
