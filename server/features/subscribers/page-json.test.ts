import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createList } from '../../test/lists.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

type Row = Record<string, unknown> & { id: number };
const base = (listId: number) => `/api/v1/lists/${listId}/subscribers`;

/** Every subscriber of a page exactly as reading it alone shows it, keys in the same order. */
async function expectPagesMatchSingleReads(listId: number) {
  for (const query of [
    '',
    '?ordering=-email&page_size=2',
    '?subscription=active&page=2&page_size=1',
  ]) {
    const res = await t.get(`${base(listId)}${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const page = res.json() as { results: Row[] };
    expect(page.results.length).toBeGreaterThan(0);
    for (const row of page.results) {
      const single = (await t.get(`${base(listId)}/${row.id}`)).json() as Row;
      expect(row).toEqual(single);
      expect(Object.keys(row)).toEqual(Object.keys(single));
    }
  }
}

describe('subscribers in a page', () => {
  it('look exactly as one read alone: every built-in field, text needing escapes, timestamps to the millisecond', async () => {
    const listId = await createList(t, { languages: ['de', 'en'], default_language: 'de' });
    for (const [email, firstName] of [
      ['escapes@example.com', 'Zoë "the" \\ \u0007 ☃'],
      ['plain@example.com', ''],
      ['third@example.com', 'Tab\there'],
    ]) {
      const res = await t.post(base(listId), {
        email,
        first_name: firstName,
        last_name: 'Müller\nNewline',
        gender: 'f',
        date_of_birth: '1970-01-31',
        language: 'en',
        region: 'CH-ZH',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // An address from before validation was strict (an import); whole seconds; .999.
    await t.db.execute(sql`
      UPDATE subscribers SET email = 'Quote"Back\\slash@example.com'
       WHERE list_id = ${listId} AND email = 'escapes@example.com'`);
    await t.db.execute(sql`
      UPDATE subscribers SET create_datetime = '2026-03-04 05:06:07+00',
                             update_datetime = '2026-12-31 23:59:59.999+00'
       WHERE list_id = ${listId} AND email = 'plain@example.com'`);
    await expectPagesMatchSingleReads(listId);
  });

  it('show every custom field with its value or its empty value, more fields than one SQL object holds', async () => {
    const listId = await createList(t);
    await t.post('/api/v1/fields', { name: 'customer_id', type: 'integer' });
    const types = ['string', 'integer', 'date', 'datetime', 'email'];
    // 45 list fields: past the 40 a single json_build_object takes (serialize.ts).
    for (let i = 0; i < 45; i++) {
      const res = await t.post(`/api/v1/lists/${listId}/fields`, {
        name: `f${i}`,
        type: types[i % types.length],
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const full = await t.post(base(listId), {
      email: 'full@example.com',
      customer_id: 9007199254740991,
      f0: 'text "quoted"',
      f1: -42,
      f2: '2020-02-29',
      f3: '2020-02-29T12:34:56.789Z',
      f4: 'a@example.com',
      f40: 'last one',
    });
    expect(full.statusCode, full.body).toBe(201);
    await t.post(base(listId), { email: 'empty@example.com' });
    // A stored JSON null and a value of a field deleted since: shown empty and not at all.
    await t.db.execute(sql`
      UPDATE subscribers SET custom = custom || '{"f1": null, "f2": null, "gone": 1}'::jsonb
       WHERE list_id = ${listId} AND email = 'empty@example.com'`);
    await expectPagesMatchSingleReads(listId);
    const page = (await t.get(`${base(listId)}?email=empty@example.com`)).json() as {
      results: Row[];
    };
    expect(page.results[0]).toMatchObject({ f0: '', f1: null, f2: null, f3: null, f44: '' });
    expect(page.results[0]).not.toHaveProperty('gone');
  });
});
