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

async function listWithFields() {
  const listId = await createList(t, { languages: ['de', 'en'], default_language: 'de' });
  await t.post('/api/v1/fields', { name: 'customer_id', type: 'integer', label: 'Customer ID' });
  await t.post('/api/v1/fields', { name: 'company', type: 'string', max_length: 10 });
  await t.post(`/api/v1/lists/${listId}/fields`, {
    name: 'interest',
    type: 'choice',
    label: 'Interest',
    help_text: 'What they read',
    choices: [
      { value: 'tech', display_name: 'Technology' },
      { value: 'art', display_name: 'Art' },
    ],
  });
  await t.post(`/api/v1/lists/${listId}/fields`, { name: 'signup', type: 'datetime' });
  await t.post(`/api/v1/lists/${listId}/fields`, { name: 'renewal', type: 'date' });
  await t.post(`/api/v1/lists/${listId}/fields`, { name: 'assistant', type: 'email' });
  return listId;
}

describe('OPTIONS …/subscribers', () => {
  it('describes every field, read-only and custom ones included, DRF SimpleMetadata style', async () => {
    const listId = await listWithFields();
    const res = await t.request({ method: 'OPTIONS', url: url(listId) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Subscriber List',
      renders: ['application/json', 'text/html'],
      parses: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
    });
    const post = body.actions.POST;
    expect(Object.keys(post)).toEqual([
      'id',
      'create_datetime',
      'create_user',
      'update_datetime',
      'update_user',
      'subscription',
      'email',
      'first_name',
      'last_name',
      'gender',
      'date_of_birth',
      'language',
      'region',
      'customer_id',
      'company',
      'interest',
      'signup',
      'renewal',
      'assistant',
    ]);
    expect(post.id).toEqual({ type: 'integer', required: false, read_only: true, label: 'ID' });
    expect(post.create_user).toMatchObject({ type: 'field', read_only: true });
    expect(post.update_user).toMatchObject({ type: 'field', read_only: true });
    expect(post.create_datetime).toMatchObject({ type: 'datetime', read_only: true });
    expect(post.subscription).toMatchObject({ type: 'string', read_only: true });
    expect(post.email).toEqual({
      type: 'email',
      required: true,
      read_only: false,
      label: 'Email',
      max_length: 254,
    });
    expect(post.first_name).toMatchObject({ type: 'string', required: false, max_length: 100 });
    expect(post.gender.type).toBe('choice');
    expect(post.gender.choices.map((c: { value: string }) => c.value)).toEqual(['', 'm', 'f']);
    expect(post.date_of_birth).toMatchObject({ type: 'date', read_only: false });
    expect(post.language.help_text).toContain('de, en');
    expect(post.customer_id).toEqual({
      type: 'integer',
      required: false,
      read_only: false,
      label: 'Customer ID',
    });
    expect(post.company).toMatchObject({ type: 'string', max_length: 10, label: 'Company' });
    expect(post.interest).toEqual({
      type: 'choice',
      required: false,
      read_only: false,
      label: 'Interest',
      help_text: 'What they read',
      choices: [
        { display_name: 'Technology', value: 'tech' },
        { display_name: 'Art', value: 'art' },
      ],
    });
    expect(post.signup.type).toBe('datetime');
    expect(post.renewal.type).toBe('date');
    expect(post.assistant.type).toBe('email');

    const other = await createList(t);
    const otherPost = (await t.request({ method: 'OPTIONS', url: url(other) })).json().actions.POST;
    expect(otherPost).toHaveProperty('customer_id');
    expect(otherPost).not.toHaveProperty('interest');
  });

  it('404s an unknown list and requires authentication', async () => {
    expect((await t.request({ method: 'OPTIONS', url: url(42) })).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'OPTIONS', url: '/api/v1/lists/x/subscribers' })).statusCode,
    ).toBe(404);
    const listId = await createList(t);
    const anonymous = await t.request({
      method: 'OPTIONS',
      url: url(listId),
      headers: { authorization: '' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('custom field values', () => {
  it('are stored, normalized and shown flat, with empty values for unset fields', async () => {
    const listId = await listWithFields();
    const res = await t.post(url(listId), {
      email: 'c@example.com',
      customer_id: '42',
      company: 'Acme',
      interest: 'tech',
      signup: '2024-03-01T10:00:00+01:00',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      customer_id: 42,
      company: 'Acme',
      interest: 'tech',
      signup: '2024-03-01T09:00:00.000Z',
      renewal: null,
      assistant: '',
    });
    const id = res.json().id;
    const patch = await t.patch(url(listId, `/${id}`), {
      company: '',
      renewal: '2025-01-31',
      customer_id: null,
    });
    expect(patch.json()).toMatchObject({
      company: '',
      renewal: '2025-01-31',
      customer_id: null,
      interest: 'tech',
    });
    const put = await t.put(url(listId, `/${id}`), {
      email: 'c@example.com',
      assistant: ' pa@example.com ',
    });
    expect(put.json()).toMatchObject({
      assistant: 'pa@example.com',
      interest: 'tech',
      renewal: '2025-01-31',
    });
    expect((await t.get(url(listId))).json().results[0]).toMatchObject({ interest: 'tech' });
  });

  it('are validated by type, every error in one body', async () => {
    const listId = await listWithFields();
    const res = await t.post(url(listId), {
      email: 'c@example.com',
      customer_id: 1.5,
      company: 'x'.repeat(11),
      interest: 'sport',
      signup: 'yesterday',
      renewal: '2025-13-01',
      assistant: 'nobody',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      customer_id: ['A valid integer is required.'],
      company: ['Ensure this field has no more than 10 characters.'],
      interest: ['"sport" is not a valid choice.'],
      signup: [expect.stringContaining('Datetime has wrong format')],
      renewal: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
      assistant: ['Enter a valid email address.'],
    });
    for (const value of [true, 'abc', [], {}, 2 ** 60]) {
      const bad = await t.post(url(listId), { email: 'd@example.com', customer_id: value });
      expect(bad.statusCode, JSON.stringify(value)).toBe(400);
    }
    expect((await t.post(url(listId), { email: 'd@example.com', interest: 7 })).statusCode).toBe(
      400,
    );
    // Years outside 1–9999 once in UTC cannot be written back as YYYY-MM-DDThh:mm:ss.sssZ.
    for (const signup of ['0000-01-01T00:00:00Z', '9999-12-31T23:00:00-05:00']) {
      const far = await t.post(url(listId), { email: 'e@example.com', signup });
      expect(far.statusCode, signup).toBe(400);
      expect(far.json()).toEqual({
        signup: [expect.stringContaining('Datetime has wrong format')],
      });
    }
  });

  it('a field made required applies to writes from then on, not to existing rows', async () => {
    const listId = await listWithFields();
    const old = (await t.post(url(listId), { email: 'old@example.com' })).json();
    await t.patch('/api/v1/fields/company', { required: true });
    const missing = await t.post(url(listId), { email: 'new@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ company: ['This field is required.'] });
    expect((await t.post(url(listId), { email: 'new@example.com', company: '' })).json()).toEqual({
      company: ['This field may not be blank.'],
    });
    expect(
      (await t.post(url(listId), { email: 'new@example.com', company: 'Co' })).statusCode,
    ).toBe(201);
    expect((await t.get(url(listId, `/${old.id}`))).json().company).toBe('');
    expect((await t.patch(url(listId, `/${old.id}`), { first_name: 'Old' })).statusCode).toBe(200);
    expect((await t.put(url(listId, `/${old.id}`), { email: 'old@example.com' })).statusCode).toBe(
      400,
    );
  });

  it('of a deleted field disappear and do not come back with a new field of that name', async () => {
    const listId = await listWithFields();
    const { id } = (
      await t.post(url(listId), { email: 'c@example.com', interest: 'art', company: 'Co' })
    ).json();
    await t.delete(`/api/v1/lists/${listId}/fields/interest`);
    await t.delete('/api/v1/fields/company');
    const row = (await t.get(url(listId, `/${id}`))).json();
    expect(row).not.toHaveProperty('interest');
    expect(row).not.toHaveProperty('company');
    await t.post(`/api/v1/lists/${listId}/fields`, { name: 'interest', type: 'integer' });
    expect((await t.get(url(listId, `/${id}`))).json().interest).toBeNull();
    // Members that are not fields of the list are ignored, as DRF ignores unknown members.
    const ignored = await t.post(url(listId), { email: 'e@example.com', company: 'gone' });
    expect(ignored.statusCode).toBe(201);
    expect(ignored.json()).not.toHaveProperty('company');
  });
});
