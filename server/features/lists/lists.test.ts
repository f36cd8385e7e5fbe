import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const valid = {
  name: 'Newsletter',
  default_from_name: 'Acme',
  default_from_email: 'news@acme.example',
};

describe('POST /api/v1/lists', () => {
  it('creates a list with the defaults of docs/decisions/api-choices.md and records the caller', async () => {
    const res = await t.post('/api/v1/lists', valid);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      id: 1,
      name: 'Newsletter',
      default_replyto_email: '',
      default_language: 'en',
      languages: ['en'],
      double_opt_in: false,
      create_user: t.admin.id,
      update_user: t.admin.id,
      subscriber_counts: { active: 0, pending: 0, bounced: 0, unsubscribed: 0, deleted: 0 },
    });
    expect(body.create_datetime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('answers 400 with a message on each missing required field', async () => {
    const res = await t.post('/api/v1/lists', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      name: ['This field is required.'],
      default_from_name: ['This field is required.'],
      default_from_email: ['This field is required.'],
    });
  });

  it('says "may not be null" for null in a field that takes alternatives or choices', async () => {
    const res = await t.post('/api/v1/lists', {
      ...valid,
      default_replyto_email: null,
      double_opt_in: null,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      default_replyto_email: ['This field may not be null.'],
      double_opt_in: ['This field may not be null.'],
    });
    const wrong = await t.post('/api/v1/lists', { ...valid, default_replyto_email: 42 });
    expect(wrong.json()).toEqual({ default_replyto_email: ['Invalid value.'] });
  });

  it('rejects wrong types, bad emails, unknown languages and a default outside languages', async () => {
    const wrong = await t.post('/api/v1/lists', { ...valid, name: 42, default_from_email: 'nope' });
    expect(wrong.json()).toEqual({
      name: ['Not a valid string.'],
      default_from_email: ['Enter a valid email address.'],
    });
    const unknown = await t.post('/api/v1/lists', { ...valid, languages: ['en', 'qq'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().languages[0]).toContain('"qq"');
    const outside = await t.post('/api/v1/lists', {
      ...valid,
      languages: ['de'],
      default_language: 'fr',
    });
    expect(outside.statusCode).toBe(400);
    expect(Object.keys(outside.json())).toEqual(['default_language']);
  });

  it('answers 400 for malformed JSON and for a non-object body', async () => {
    const malformed = await t.request({
      method: 'POST',
      url: '/api/v1/lists',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toMatch(/^JSON parse error/);
    const array = await t.post('/api/v1/lists', [1, 2]);
    expect(array.statusCode).toBe(400);
    expect(array.json()).toEqual({
      non_field_errors: ['Invalid data. Expected a dictionary, but got list.'],
    });
  });
});

describe('collection, detail, update, delete', () => {
  it('pages with count/next/previous paths, page_size and ordering', async () => {
    for (const name of ['b', 'c', 'a']) await t.post('/api/v1/lists', { ...valid, name });
    const first = await t.get('/api/v1/lists?page_size=2&ordering=-name');
    expect(first.json()).toMatchObject({
      count: 3,
      next: '/api/v1/lists?page_size=2&ordering=-name&page=2',
      previous: null,
    });
    expect(first.json().results.map((l: { name: string }) => l.name)).toEqual(['c', 'b']);
    const second = await t.get('/api/v1/lists?page_size=2&ordering=-name&page=2');
    expect(second.json()).toMatchObject({
      next: null,
      previous: '/api/v1/lists?page_size=2&ordering=-name',
    });
    expect((await t.get('/api/v1/lists?page=3&page_size=2')).statusCode).toBe(404);
    expect((await t.get('/api/v1/lists?page=x')).json()).toEqual({ detail: 'Invalid page.' });
    expect((await t.get('/api/v1/lists?ordering=nope')).statusCode).toBe(400);
  });

  it('clamps page_size to 1–1000 and ignores one that is not a number (docs/decisions/api-choices.md)', async () => {
    for (const name of ['a', 'b', 'c']) await t.post('/api/v1/lists', { ...valid, name });
    const sizes: [string, number, string | null][] = [
      ['0', 1, '/api/v1/lists?page_size=0&page=2'],
      ['-5', 1, '/api/v1/lists?page_size=-5&page=2'],
      ['5000', 3, null],
      ['9'.repeat(400), 3, null],
      ['abc', 3, null],
      ['2.5', 3, null],
    ];
    for (const [size, shown, next] of sizes) {
      const body = (await t.get(`/api/v1/lists?page_size=${size}`)).json();
      expect(body.results, size).toHaveLength(shown);
      expect(body.next, size).toBe(next);
    }
  });

  it('PUT requires the required fields and keeps the omitted optional ones; PATCH merges', async () => {
    const { id } = (
      await t.post('/api/v1/lists', { ...valid, languages: ['de', 'en'], default_language: 'de' })
    ).json();
    const put = await t.put(`/api/v1/lists/${id}`, { ...valid, name: 'Renamed' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      name: 'Renamed',
      languages: ['de', 'en'],
      default_language: 'de',
    });
    expect((await t.put(`/api/v1/lists/${id}`, { name: 'x' })).statusCode).toBe(400);
    const patch = await t.patch(`/api/v1/lists/${id}`, { double_opt_in: true });
    expect(patch.json()).toMatchObject({ name: 'Renamed', double_opt_in: true });
  });

  it('404s unknown and non-numeric ids, and deletes with 204', async () => {
    expect((await t.get('/api/v1/lists/999')).json()).toEqual({ detail: 'Not found.' });
    expect((await t.get('/api/v1/lists/abc')).statusCode).toBe(404);
    expect((await t.patch('/api/v1/lists/999', { name: 'x' })).statusCode).toBe(404);
    const { id } = (await t.post('/api/v1/lists', valid)).json();
    const del = await t.delete(`/api/v1/lists/${id}`);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await t.get(`/api/v1/lists/${id}`)).statusCode).toBe(404);
    expect((await t.delete(`/api/v1/lists/${id}`)).statusCode).toBe(404);
  });

  it('answers 405 with Allow for a method the path does not support', async () => {
    const res = await t.request({ method: 'POST', url: '/api/v1/lists/1' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toContain('GET');
    expect(res.json()).toEqual({ detail: 'Method "POST" not allowed.' });
  });
});

describe('text PostgreSQL cannot store', () => {
  it('answers 400 on the field for a NUL character, never 500', async () => {
    const res = await t.post('/api/v1/lists', { ...valid, name: 'a\u0000b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ['Null characters are not allowed.'] });
    const query = await t.get('/api/v1/lists?ordering=%00');
    expect(query.statusCode).toBe(400);
  });
});
