import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createList } from '../../test/lists.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const url = (listId: number, rest = '') => `/api/v1/lists/${listId}/subscribers${rest}`;

describe('POST …/subscribers', () => {
  it('creates an active subscriber with defaults, trimmed email and the caller recorded', async () => {
    const listId = await createList(t);
    const res = await t.post(url(listId), { email: '  Ada@Example.com ' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: 1,
      create_datetime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      create_user: t.admin.id,
      update_datetime: expect.any(String),
      update_user: t.admin.id,
      subscription: 'active',
      email: 'Ada@Example.com',
      first_name: '',
      last_name: '',
      gender: '',
      date_of_birth: null,
      language: '',
      region: '',
    });
  });

  it('creates pending on a double-opt-in list and stores every built-in field', async () => {
    const listId = await createList(t, {
      languages: ['de', 'en'],
      default_language: 'de',
      double_opt_in: true,
    });
    const res = await t.post(url(listId), {
      email: 'b@example.com',
      first_name: 'Bea',
      last_name: 'Müller',
      gender: 'f',
      date_of_birth: '1990-02-28',
      language: 'de',
      region: 'ch-zh',
      id: 99,
      subscription: 'active',
      unknown_member: 'ignored',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      id: 1,
      subscription: 'pending',
      first_name: 'Bea',
      last_name: 'Müller',
      gender: 'f',
      date_of_birth: '1990-02-28',
      language: 'de',
      region: 'CH-ZH',
    });
    expect(res.json()).not.toHaveProperty('unknown_member');
  });

  it('answers 400 naming every invalid field', async () => {
    const listId = await createList(t, { languages: ['de', 'en'], default_language: 'de' });
    const missing = await t.post(url(listId), {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ email: ['This field is required.'] });

    const res = await t.post(url(listId), {
      email: `${'x'.repeat(250)}@example.com`,
      first_name: 'a'.repeat(101),
      last_name: 7,
      gender: 'x',
      date_of_birth: '2023-02-30',
      language: 'fr',
      region: 'XX-YYY',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      email: ['Ensure this field has no more than 254 characters.'],
      first_name: ['Ensure this field has no more than 100 characters.'],
      last_name: ['Not a valid string.'],
      gender: ['"x" is not a valid choice.'],
      date_of_birth: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
      language: ['"fr" is not one of the list\'s languages (de, en).'],
      region: ['"XX-YYY" is not a known ISO-3166-1 or ISO-3166-2 code.'],
    });
    const bad = await t.post(url(listId), {
      email: 'not an email',
      date_of_birth: '0000-01-01',
      language: 'DE',
      region: 'Bavaria',
    });
    expect(Object.keys(bad.json()).sort()).toEqual([
      'date_of_birth',
      'email',
      'language',
      'region',
    ]);
    expect(bad.json().email).toEqual(['Enter a valid email address.']);
    expect(bad.json().language).toEqual([
      'Enter a valid ISO-639-1 language code (two lowercase letters).',
    ]);
    expect(bad.json().region).toEqual([
      'Enter a valid ISO-3166-1 country code or ISO-3166-2 subdivision code.',
    ]);
    const nulls = await t.post(url(listId), { email: 'n@example.com', gender: null });
    expect(nulls.json()).toEqual({ gender: ['This field may not be null.'] });
  });

  it('rejects NUL characters, which PostgreSQL cannot store, as DRF does', async () => {
    const listId = await createList(t);
    await t.post('/api/v1/fields', { name: 'company', type: 'string' });
    const res = await t.post(url(listId), {
      email: 'a@example.com',
      first_name: 'a\u0000b',
      company: '\u0000',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      first_name: ['Null characters are not allowed.'],
      company: ['Null characters are not allowed.'],
    });
    const filter = await t.get(url(listId, '?email=a%00b'));
    expect(filter.json()).toEqual({ email: ['Null characters are not allowed.'] });
  });

  it('accepts exactly the limits and empty optional values', async () => {
    const listId = await createList(t);
    const email = `${'x'.repeat(242)}@example.com`;
    expect(email).toHaveLength(254);
    const res = await t.post(url(listId), {
      email,
      first_name: 'a'.repeat(100),
      gender: '',
      date_of_birth: '',
      language: '',
      region: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ date_of_birth: null, region: '', language: '' });
    const nullDate = await t.post(url(listId), { email: 'n@example.com', date_of_birth: null });
    expect(nullDate.json().date_of_birth).toBeNull();
  });

  it('answers 409 with the existing subscriber, in any state and any letter case', async () => {
    const listId = await createList(t);
    const first = (
      await t.post(url(listId), { email: 'dup@example.com', first_name: 'First' })
    ).json();
    const again = await t.post(url(listId), { email: ' DUP@example.COM', first_name: 'Second' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(first);

    await t.post(url(listId, `/${first.id}/unsubscribe`));
    const unsubscribed = await t.post(url(listId), { email: 'dup@example.com' });
    expect(unsubscribed.statusCode).toBe(409);
    expect(unsubscribed.json()).toMatchObject({ id: first.id, subscription: 'unsubscribed' });

    await t.delete(url(listId, `/${first.id}`));
    const deleted = await t.post(url(listId), { email: 'dup@example.com' });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toMatchObject({ id: first.id, subscription: 'deleted' });

    const otherList = await createList(t);
    expect((await t.post(url(otherList), { email: 'dup@example.com' })).statusCode).toBe(201);
  });

  it('answers 4xx for malformed JSON, non-object bodies, unknown and non-numeric lists', async () => {
    const listId = await createList(t);
    const malformed = await t.request({
      method: 'POST',
      url: url(listId),
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toMatch(/^JSON parse error/);
    const array = await t.post(url(listId), [{ email: 'a@example.com' }]);
    expect(array.statusCode).toBe(400);
    expect(array.json()).toHaveProperty('non_field_errors');
    const text = await t.request({
      method: 'POST',
      url: url(listId),
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@example.com',
    });
    expect(text.statusCode).toBe(400);
    const xml = await t.request({
      method: 'POST',
      url: url(listId),
      headers: { 'content-type': 'application/xml' },
      payload: '<email/>',
    });
    expect(xml.statusCode).toBe(415);
    expect((await t.post(url(999), { email: 'a@example.com' })).json()).toEqual({
      detail: 'Not found.',
    });
    expect(
      (await t.post('/api/v1/lists/abc/subscribers', { email: 'a@example.com' })).statusCode,
    ).toBe(404);
    expect((await t.post(url(99999999999), { email: 'a@example.com' })).statusCode).toBe(404);
  });

  it('accepts a form-encoded body, as OPTIONS advertises', async () => {
    const listId = await createList(t);
    const res = await t.request({
      method: 'POST',
      url: url(listId),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=form%40example.com&first_name=Fran&date_of_birth=',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'form@example.com',
      first_name: 'Fran',
      date_of_birth: null,
    });
  });

  it('accepts multipart/form-data for create and update, as OPTIONS advertises', async () => {
    const listId = await createList(t);
    const form = (fields: [string, string][], file = '') => {
      const parts = fields.map(
        ([name, value]) =>
          `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      );
      return {
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
        payload: `${parts.join('')}${file}--b--\r\n`,
      };
    };
    const created = await t.request({
      method: 'POST',
      url: url(listId),
      ...form([
        ['email', 'multi@example.com'],
        ['first_name', 'Grüße'],
        ['date_of_birth', ''],
      ]),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      email: 'multi@example.com',
      first_name: 'Grüße',
      date_of_birth: null,
    });
    const patched = await t.request({
      method: 'PATCH',
      url: url(listId, `/${created.json().id}`),
      ...form([['last_name', 'Part']]),
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ first_name: 'Grüße', last_name: 'Part' });

    const invalid = await t.request({
      method: 'POST',
      url: url(listId),
      ...form([
        ['email', 'nope'],
        ['first_name', 'x'.repeat(70_000)],
      ]),
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      email: ['Enter a valid email address.'],
      first_name: ['Ensure this field has no more than 100 characters.'],
    });
    // A subscriber has no file to upload: a file part is ignored like an unknown member.
    const withFile = await t.request({
      method: 'POST',
      url: url(listId),
      ...form(
        [['email', 'file@example.com']],
        '--b\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\n\r\nPNG\r\n',
      ),
    });
    expect(withFile.statusCode).toBe(201);
    expect(withFile.json()).not.toHaveProperty('photo');
    // A body busboy cannot read is the client's fault, never a 500.
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=x']) {
      const broken = await t.request({
        method: 'POST',
        url: url(listId),
        headers: { 'content-type': contentType },
        payload: 'garbage',
      });
      expect(broken.statusCode, contentType).toBe(400);
      expect(broken.json().detail).toMatch(/^Multipart form parse error - /);
    }
  });

  it('requires authentication', async () => {
    const listId = await createList(t);
    const res = await t.request({
      method: 'GET',
      url: url(listId),
      headers: { authorization: '' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Basic realm="api"');
  });
});
