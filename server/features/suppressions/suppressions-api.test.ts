import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestContext, type TestContext } from '../../test/harness.js';
import { createList } from '../../test/lists.js';
import { multipartBody } from '../../test/imports.js';
import { suppressErased } from './index.js';

type Entry = { id: number; email: string | null; domain: string | null; reason: string };
type Page = { count: number; next: string | null; previous: string | null; results: Entry[] };

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const page = async (url: string) => {
  const res = await t.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
};

describe('the suppression list API', () => {
  it('adds, finds by prefix, pages by position, exports and removes entries', async () => {
    const added = await t.post('/api/v1/suppressions', { email: 'Pager.Zero@Example.org' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      email: 'pager.zero@example.org',
      domain: null,
      reason: 'manual',
      source: 'api: admin@example.com',
    });
    const again = await t.post('/api/v1/suppressions', { email: 'pager.zero@example.org' });
    expect(again.statusCode).toBe(200);
    expect(again.json<Entry>().id).toBe(added.json<Entry>().id);
    const domain = await t.post('/api/v1/suppressions', { domain: 'Blocked.Example' });
    expect(domain.json()).toMatchObject({ email: null, domain: 'blocked.example' });
    const bad = await t.post('/api/v1/suppressions', { email: 'a@b.example', domain: 'b.example' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ email: ['Give either an email address or a domain.'] });
    const badDomain = await t.post('/api/v1/suppressions', {
      domain: 'x.example',
      reason: 'complaint',
    });
    expect(badDomain.json()).toEqual({
      reason: ['A whole domain is suppressed only by hand (manual).'],
    });

    // A CSV with a header, a formula, a repeat and junk; then 40 more pages' worth.
    const csv = [
      'email,reason,source',
      'pager.one@example.org,complaint,old system',
      'pager.three@example.org,manual,=1+2',
      'pager.one@example.org,manual,',
      'not an address,,',
      'pager.two@example.org,spam,',
      ...Array.from({ length: 60 }, (_, i) => `pager.${String(i).padStart(3, '0')}@bulk.example`),
    ].join('\r\n');
    const imported = await t.request({
      method: 'POST',
      url: '/api/v1/suppressions/import',
      ...multipartBody([{ name: 'file', filename: 'list.csv', content: csv }]),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({
      added: 62,
      existing: 1,
      invalid: 2,
      errors: [
        { line: 5, value: 'not an address', message: 'Enter an email address or a domain.' },
        {
          line: 6,
          value: 'pager.two@example.org',
          message: 'The reason must be manual, complaint or hard_bounce.',
        },
      ],
    });

    const found = await page('/api/v1/suppressions?search=PAGER.O');
    expect(found.results.map((e) => [e.email, e.reason])).toEqual([
      ['pager.one@example.org', 'complaint'],
    ]);
    expect((await page('/api/v1/suppressions?search=blocked')).results).toHaveLength(1);
    expect((await page('/api/v1/suppressions?search=pager_')).count).toBe(0);

    // Newest first; following `next` carries a position, and agrees with page numbers.
    const first = await page('/api/v1/suppressions?search=pager.&page_size=20');
    expect(first.count).toBe(63);
    const second = await page(first.next!);
    expect(first.next).toMatch(/after=/);
    const byNumber = await page('/api/v1/suppressions?search=pager.&page_size=20&page=2');
    expect(second.results).toEqual(byNumber.results);
    const back = await page(second.previous!);
    expect(back.results).toEqual(first.results);
    expect(second.results[0]!.id).toBeLessThan(first.results.at(-1)!.id);

    // An erased person shows neither address nor domain, and is not removed by hand.
    await suppressErased(t.db, 'gone.person@example.org', 'erasure');
    const erased = (await page('/api/v1/suppressions?reason=erased')).results[0]!;
    expect(erased).toMatchObject({ email: null, domain: null, reason: 'erased' });
    const keep = await t.delete(`/api/v1/suppressions/${erased.id}`);
    expect(keep.statusCode).toBe(400);

    const exported = await t.get('/api/v1/suppressions/export');
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    const lines = exported.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('id,email,domain,reason,source,created');
    const three = lines.find((l) => l.includes(',pager.three@example.org,,manual,'));
    expect(three).toContain("'=1+2");
    expect(three).not.toContain(',=1+2');
    expect(exported.body).not.toContain('gone.person');

    const gone = await t.delete(`/api/v1/suppressions/${found.results[0]!.id}`);
    expect(gone.statusCode).toBe(204);
    expect((await page('/api/v1/suppressions?search=pager.one')).count).toBe(0);
    expect((await t.delete(`/api/v1/suppressions/${found.results[0]!.id}`)).statusCode).toBe(404);
  });

  it('is read only by those who may read every list: it names people of every list', async () => {
    await t.post('/api/v1/suppressions', { email: 'other.team@example.org' });
    const list = await createList(t);
    const username = 'support-one-list@acme.example';
    const password = 'a long enough password';
    const created = await t.post('/api/v1/users', {
      username,
      password,
      role: 'support',
      lists: [{ list, access: 'read' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    for (const url of ['/api/v1/suppressions', '/api/v1/suppressions/export']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: basic(username, password) },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.body).not.toContain('other.team@example.org');
    }
  });
});
