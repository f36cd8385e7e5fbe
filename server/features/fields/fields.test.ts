import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createList } from '../../test/lists.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const listFields = (listId: number, rest = '') => `/api/v1/lists/${listId}/fields${rest}`;

describe('shared fields: /api/v1/fields', () => {
  it('creates with defaults, lists in a pagination envelope, patches and deletes', async () => {
    const created = await t.post('/api/v1/fields', { name: 'customer_id', type: 'integer' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      name: 'customer_id',
      label: 'Customer id',
      type: 'integer',
      required: false,
      help_text: '',
    });
    await t.post('/api/v1/fields', {
      name: 'company',
      type: 'string',
      label: 'Company',
      required: true,
    });
    const page = (await t.get('/api/v1/fields?page_size=1')).json();
    expect(page).toMatchObject({
      count: 2,
      next: '/api/v1/fields?page_size=1&page=2',
      previous: null,
    });
    expect(page.results[0].name).toBe('customer_id');
    expect((await t.get('/api/v1/fields')).json().results[1]).toEqual({
      name: 'company',
      label: 'Company',
      type: 'string',
      required: true,
      max_length: 255,
      help_text: '',
    });

    const patched = await t.patch('/api/v1/fields/company', {
      name: 'company',
      label: 'Firm',
      required: false,
      max_length: 20,
      help_text: 'Where they work',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      label: 'Firm',
      required: false,
      max_length: 20,
      help_text: 'Where they work',
    });

    expect((await t.delete('/api/v1/fields/company')).statusCode).toBe(204);
    expect((await t.delete('/api/v1/fields/company')).statusCode).toBe(404);
    expect((await t.patch('/api/v1/fields/company', { label: 'x' })).statusCode).toBe(404);
    expect((await t.get('/api/v1/fields')).json().count).toBe(1);
  });

  it('creates choice fields with choices, display names defaulting to values', async () => {
    const res = await t.post('/api/v1/fields', {
      name: 'tier',
      type: 'choice',
      choices: [{ value: 'gold', display_name: 'Gold' }, { value: 'silver' }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().choices).toEqual([
      { value: 'gold', display_name: 'Gold' },
      { value: 'silver', display_name: 'silver' },
    ]);
  });

  it('rejects bad names, built-in names, unknown types and members that do not fit the type', async () => {
    const cases: [unknown, string[]][] = [
      [{ name: 'Bad Name', type: 'string' }, ['name']],
      [{ name: '1st', type: 'string' }, ['name']],
      [{ name: 'email', type: 'string' }, ['name']],
      [{ name: 'date_of_birth', type: 'date' }, ['name']],
      [{ name: 'x'.repeat(51), type: 'string' }, ['name']],
      [{ name: 'ok', type: 'boolean' }, ['type']],
      [{ name: 'ok' }, ['type']],
      [{ type: 'string' }, ['name']],
      [{ name: 'ok', type: 'integer', max_length: 5 }, ['max_length']],
      [{ name: 'ok', type: 'string', max_length: 0 }, ['max_length']],
      [{ name: 'ok', type: 'string', choices: [{ value: 'a' }] }, ['choices']],
      [{ name: 'ok', type: 'choice' }, ['choices']],
      [{ name: 'ok', type: 'choice', choices: [] }, ['choices']],
      [{ name: 'ok', type: 'choice', choices: [{ value: 'a' }, { value: 'a' }] }, ['choices']],
      [{ name: 'ok', type: 'string', required: 'yes', label: '' }, ['label', 'required']],
      [{ name: 'ok', type: 'string', help_text: 'h'.repeat(501) }, ['help_text']],
      [{ name: 'ok', type: 'string', label: 'a\u0000' }, ['label']],
      [{ name: 'ok', type: 'choice', choices: [{ value: '\u0000' }] }, ['choices']],
    ];
    for (const [body, keys] of cases) {
      const res = await t.post('/api/v1/fields', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json()).sort(), JSON.stringify(body)).toEqual(keys);
    }
    expect((await t.post('/api/v1/fields', [1])).statusCode).toBe(400);
    const malformed = await t.request({
      method: 'POST',
      url: '/api/v1/fields',
      headers: { 'content-type': 'application/json' },
      payload: '{"name"',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await t.get('/api/v1/fields')).json().count).toBe(0);
  });

  it('cannot change the name or type, and checks patched members against the type', async () => {
    await t.post('/api/v1/fields', { name: 'age', type: 'integer' });
    const res = await t.patch('/api/v1/fields/age', { name: 'years', type: 'string' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['name', 'type']);
    expect((await t.patch('/api/v1/fields/age', { max_length: 3 })).statusCode).toBe(400);
    expect((await t.patch('/api/v1/fields/age', { choices: [{ value: 'a' }] })).statusCode).toBe(
      400,
    );
    expect((await t.patch('/api/v1/fields/age', { required: 1 })).statusCode).toBe(400);
    expect((await t.patch('/api/v1/fields/age', {})).json()).toMatchObject({
      name: 'age',
      type: 'integer',
    });
  });

  it('answers 400 for a duplicate name', async () => {
    await t.post('/api/v1/fields', { name: 'company', type: 'string' });
    const res = await t.post('/api/v1/fields', { name: 'company', type: 'integer' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ['A field with this name already exists.'] });
  });
});

describe('list fields: /api/v1/lists/{list_id}/fields', () => {
  it('belong to one list; names clash with shared fields both ways, not across lists', async () => {
    const a = await createList(t);
    const b = await createList(t);
    const created = await t.post(listFields(a), {
      name: 'interest',
      type: 'choice',
      choices: [{ value: 'x' }],
    });
    expect(created.statusCode).toBe(201);
    expect(
      (await t.get(listFields(a))).json().results.map((f: { name: string }) => f.name),
    ).toEqual(['interest']);
    expect((await t.get(listFields(b))).json().count).toBe(0);
    expect((await t.get('/api/v1/fields')).json().count).toBe(0);
    expect((await t.post(listFields(b), { name: 'interest', type: 'string' })).statusCode).toBe(
      201,
    );
    expect((await t.post(listFields(a), { name: 'interest', type: 'string' })).json()).toEqual({
      name: ['A field with this name already exists.'],
    });

    const sharedClash = await t.post('/api/v1/fields', { name: 'interest', type: 'string' });
    expect(sharedClash.statusCode).toBe(400);
    expect(sharedClash.json()).toEqual({ name: ['A field of a list has this name.'] });

    await t.post('/api/v1/fields', { name: 'company', type: 'string' });
    const listClash = await t.post(listFields(a), { name: 'company', type: 'string' });
    expect(listClash.statusCode).toBe(400);
    expect(listClash.json()).toEqual({ name: ['A shared field with this name exists.'] });

    // A list field is reached only through its list, a shared one only through /fields.
    expect((await t.patch(listFields(a, '/company'), { label: 'x' })).statusCode).toBe(404);
    expect((await t.delete('/api/v1/fields/interest')).statusCode).toBe(404);
    const relabel = await t.patch(listFields(a, '/interest'), { label: 'Interests' });
    expect(relabel.json()).toMatchObject({ label: 'Interests' });
    expect((await t.delete(listFields(b, '/interest'))).statusCode).toBe(204);
    expect((await t.get(listFields(a))).json().count).toBe(1);
  });

  it('404s unknown and non-numeric lists', async () => {
    expect((await t.get(listFields(9))).statusCode).toBe(404);
    expect((await t.post(listFields(9), { name: 'x', type: 'string' })).statusCode).toBe(404);
    expect((await t.patch(listFields(9, '/x'), {})).statusCode).toBe(404);
    expect((await t.delete(listFields(9, '/x'))).statusCode).toBe(404);
    expect((await t.get('/api/v1/lists/abc/fields')).statusCode).toBe(404);
    expect((await t.patch('/api/v1/fields/%00', {})).statusCode).toBe(404);
    expect((await t.delete('/api/v1/fields/Not%20a%20slug')).statusCode).toBe(404);
  });

  it('go away with their list', async () => {
    const a = await createList(t);
    await t.post(listFields(a), { name: 'interest', type: 'string' });
    await t.delete(`/api/v1/lists/${a}`);
    expect((await t.post('/api/v1/fields', { name: 'interest', type: 'string' })).statusCode).toBe(
      201,
    );
  });
});
