import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestContext, type TestContext } from '../../test/harness.js';
import { createList } from '../../test/lists.js';

let t: TestContext;
let a: number;
let b: number;
let marketer: string;

beforeAll(async () => {
  t = await createTestContext();
  a = await createList(t, { name: 'Alpha news' });
  b = await createList(t, { name: 'Beta news' });
  const user = await t.post('/api/v1/users', {
    username: 'limited@example.com',
    password: 'a long enough password',
    role: 'marketer',
    lists: [{ list: a, access: 'manage' }],
  });
  expect(user.statusCode, user.body).toBe(201);
  marketer = basic('limited@example.com', 'a long enough password');
});
afterAll(() => t.close());

const asMarketer = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.request({ method, url, headers: { authorization: marketer }, payload });

describe('forms API', () => {
  it('creates, reads, changes and deletes a form with its stats; bad input is a 400 per field', async () => {
    const bad = await t.post('/api/v1/forms', {
      name: '',
      lists: [],
      language: 'it',
      redirect_url: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['language', 'lists', 'name', 'redirect_url']);
    expect((await t.post('/api/v1/forms', { name: 'X', lists: [999] })).json()).toEqual({
      lists: ['Invalid pk "999" - object does not exist.'],
    });

    const created = await t.post('/api/v1/forms', {
      name: 'Footer',
      lists: [a, b],
      fields: ['first_name'],
      language: 'de',
    });
    expect(created.statusCode, created.body).toBe(201);
    const form = created.json();
    expect(form).toMatchObject({
      name: 'Footer',
      lists: [a, b],
      fields: ['first_name'],
      language: 'de',
      redirect_url: null,
      stats: { submitted: 0, accepted: 0, confirmed: 0, blocked: { honeypot: 0, ip_budget: 0 } },
    });
    const changed = await t.patch(`/api/v1/forms/${form.id}`, {
      redirect_url: 'https://example.org/thanks',
    });
    expect(changed.json()).toMatchObject({
      redirect_url: 'https://example.org/thanks',
      lists: [a, b],
    });
    expect((await t.get(`/api/v1/forms/${form.id}?days=7`)).json().name).toBe('Footer');
    expect((await t.get('/api/v1/forms')).json()).toMatchObject({ count: 1 });
    expect((await t.delete(`/api/v1/forms/${form.id}`)).statusCode).toBe(204);
    expect((await t.get(`/api/v1/forms/${form.id}`)).statusCode).toBe(404);
  });

  it('lets a user limited to some lists see and write only forms of its own lists', async () => {
    const both = (await t.post('/api/v1/forms', { name: 'Both', lists: [a, b] })).json();
    const own = await asMarketer('POST', '/api/v1/forms', { name: 'Own', lists: [a] });
    expect(own.statusCode, own.body).toBe(201);
    expect(
      (await asMarketer('POST', '/api/v1/forms', { name: 'Other', lists: [b] })).json(),
    ).toEqual({ lists: [`Invalid pk "${b}" - object does not exist.`] });
    const listed = (await asMarketer('GET', '/api/v1/forms')).json();
    expect(listed.results.map((f: { name: string }) => f.name)).toEqual(['Own']);
    expect((await asMarketer('GET', `/api/v1/forms/${both.id}`)).statusCode).toBe(404);
    expect((await asMarketer('DELETE', `/api/v1/forms/${both.id}`)).statusCode).toBe(404);
    // A deleted list leaves the forms that offered it.
    const list = await createList(t, { name: 'Short-lived' });
    const form = (await t.post('/api/v1/forms', { name: 'Two', lists: [a, list] })).json();
    expect((await t.delete(`/api/v1/lists/${list}`)).statusCode).toBe(204);
    expect((await t.get(`/api/v1/forms/${form.id}`)).json().lists).toEqual([a]);
  });
});

describe('hosted form page', () => {
  it('is a complete page in the form’s language, else the browser’s, under a strict CSP', async () => {
    const de = (await t.post('/api/v1/forms', { name: 'DE', lists: [a], language: 'de' })).json();
    const any = (
      await t.post('/api/v1/forms', { name: 'Any', lists: [a, b], fields: ['first_name'] })
    ).json();
    const page = await t.app.inject({ method: 'GET', url: `/f/${de.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain('<label for="f-email">E-Mail-Adresse</label>');
    expect(page.body).toContain(`<form method="post" action="/f/${de.id}">`);
    expect(page.headers['content-language']).toBe('de');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe');
    // Nothing from another origin.
    expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//);

    const fr = await t.app.inject({
      method: 'GET',
      url: `/f/${any.id}`,
      headers: { 'accept-language': 'it, fr;q=0.8' },
    });
    expect(fr.body).toContain('<html lang="fr">');
    expect(fr.body).toContain('<legend>Listes</legend>');
    expect(fr.body).toContain('name="first_name"');
    const en = await t.app.inject({ method: 'GET', url: `/f/${any.id}` });
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('Alpha news, Beta news');

    const missing = await t.app.inject({ method: 'GET', url: '/f/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Form not available');
    const thanks = await t.app.inject({ method: 'GET', url: `/f/${de.id}/thanks` });
    expect(thanks.body).toContain('Fast geschafft');
  });
});
