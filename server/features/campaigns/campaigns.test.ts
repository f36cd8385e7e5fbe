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

describe('campaigns: /api/v1/campaigns', () => {
  it('creates, lists by name, searches, reads, replaces, patches and deletes', async () => {
    const summer = await t.post('/api/v1/campaigns', { name: 'Summer', description: 'Hut tours' });
    expect(summer.statusCode).toBe(201);
    expect(summer.json()).toEqual({ id: 1, name: 'Summer', description: 'Hut tours' });
    expect((await t.post('/api/v1/campaigns', { name: 'Autumn' })).json()).toEqual({
      id: 2,
      name: 'Autumn',
      description: '',
    });
    expect((await t.get('/api/v1/campaigns')).json()).toEqual({
      count: 2,
      next: null,
      previous: null,
      results: [
        { id: 2, name: 'Autumn', description: '' },
        { id: 1, name: 'Summer', description: 'Hut tours' },
      ],
    });
    expect((await t.get('/api/v1/campaigns?search=umm')).json().results).toEqual([
      { id: 1, name: 'Summer', description: 'Hut tours' },
    ]);
    expect((await t.get('/api/v1/campaigns?search=%25')).json().count).toBe(0);

    const put = await t.put('/api/v1/campaigns/1', { name: 'Summer 2026' });
    expect(put.json()).toEqual({ id: 1, name: 'Summer 2026', description: 'Hut tours' });
    const patch = await t.patch('/api/v1/campaigns/1', { description: '' });
    expect(patch.json()).toEqual({ id: 1, name: 'Summer 2026', description: '' });
    expect((await t.get('/api/v1/campaigns/1')).json().name).toBe('Summer 2026');

    expect((await t.delete('/api/v1/campaigns/1')).statusCode).toBe(204);
    expect((await t.get('/api/v1/campaigns/1')).statusCode).toBe(404);
    expect((await t.delete('/api/v1/campaigns/1')).statusCode).toBe(404);
    expect((await t.put('/api/v1/campaigns/1', { name: 'x' })).statusCode).toBe(404);
  });

  it('answers field-level 400s for blank, huge, duplicate names and unknown members', async () => {
    await t.post('/api/v1/campaigns', { name: 'Summer' });
    const cases: [unknown, unknown][] = [
      [{ name: ' ' }, { name: ['This field may not be blank.'] }],
      [{}, { name: ['This field is required.'] }],
      [
        { name: 'x'.repeat(1_000_000) },
        { name: ['Ensure this field has no more than 200 characters.'] },
      ],
      [{ name: 'Summer' }, { name: ['campaign with this name already exists.'] }],
      [{ name: 'a', colour: 'red' }, { colour: ['Unknown field.'] }],
      [{ name: 'a', description: 5 }, { description: ['Not a valid string.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await t.post('/api/v1/campaigns', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    await t.post('/api/v1/campaigns', { name: 'Winter' });
    expect((await t.patch('/api/v1/campaigns/2', { name: 'Summer' })).json()).toEqual({
      name: ['campaign with this name already exists.'],
    });
    expect((await t.patch('/api/v1/campaigns/2', { name: 'Winter' })).statusCode).toBe(200);
  });

  it('refuses to delete a campaign that mailings belong to, naming them', async () => {
    const list = await createList(t);
    await t.post('/api/v1/campaigns', { name: 'Summer' });
    for (const name of ['Hut tours', 'Lake days']) {
      const res = await t.post('/api/v1/mailings', {
        list,
        name,
        campaign: 1,
        variants: [{ subject: 'Hi', layout: { text: 'Hi' } }],
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await t.delete('/api/v1/campaigns/1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: [
        'This campaign is used by mailings "Hut tours", "Lake days"; it cannot be deleted.',
      ],
    });
  });
});

describe('GET /api/v1/campaigns/{id}/mailings', () => {
  it('compares the campaign’s mailings: opens, unique (human) opens, clicks, unique clicks, bounces', async () => {
    const list = await createList(t);
    await t.post('/api/v1/campaigns', { name: 'Summer' });
    for (const name of ['First', 'Second', 'Elsewhere']) {
      await t.post('/api/v1/mailings', {
        list,
        name,
        campaign: name === 'Elsewhere' ? null : 1,
        variants: [
          {
            subject: 'Hi',
            layout: { text: 'Hi' },
            deliveries: [{ scheduled_datetime: '2030-01-01T00:00:00Z' }],
          },
        ],
      });
    }
    await t.db.execute(sql`
      INSERT INTO stat_opens (delivery_id, mailing_id, campaign, email, datetime) VALUES
        (1, 1, 1, 'a@x.example', now()), (1, 1, 1, 'a@x.example', now()), (1, 1, 1, 'b@x.example', now()),
        (3, 3, null, 'a@x.example', now())`);
    // A gateway's scan: counted in the totals, never as a person (issue 51).
    await t.db.execute(sql`
      INSERT INTO stat_opens (delivery_id, mailing_id, campaign, email, datetime, class) VALUES
        (1, 1, 1, 'c@x.example', now(), 'scanner')`);
    await t.db.execute(sql`
      INSERT INTO stat_clicks (delivery_id, mailing_id, campaign, email, datetime, url) VALUES
        (1, 1, 1, 'a@x.example', now(), 'https://x.example/1'), (1, 1, 1, 'a@x.example', now(), 'https://x.example/1'),
        (2, 2, 1, 'c@x.example', now(), 'https://x.example/2')`);
    await t.db.execute(sql`
      INSERT INTO stat_bounces (delivery_id, mailing_id, campaign, email, datetime, hard) VALUES
        (2, 2, 1, 'd@x.example', now(), true), (2, 2, 1, 'e@x.example', now(), false), (2, 2, 1, 'f@x.example', now(), false)`);
    const res = await t.get('/api/v1/campaigns/1/mailings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        mailing: 1,
        name: 'First',
        opens: 4,
        unique_opens: 2,
        clicks: 2,
        unique_clicks: 1,
        hard_bounces: 0,
        soft_bounces: 0,
      },
      {
        mailing: 2,
        name: 'Second',
        opens: 0,
        unique_opens: 0,
        clicks: 1,
        unique_clicks: 1,
        hard_bounces: 1,
        soft_bounces: 2,
      },
    ]);
    expect((await t.get('/api/v1/campaigns/9/mailings')).statusCode).toBe(404);
  });
});
