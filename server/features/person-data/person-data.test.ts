import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows.js';
import { basic, createTestContext, type TestContext } from '../../test/harness.js';
import { createList } from '../../test/lists.js';
import { tracesOf } from '../../test/personal-traces.js';

/** The person, written in a different letter case on each of their records. */
const ERIN = 'Erin.Erased@Example.com';
const ERIN_PATH = encodeURIComponent('erin.ERASED@example.com');
const PASSWORD = 'a long enough password';

let t: TestContext;
let users = 0;
let seeded: { news: number; offers: number; erinNews: number; erinOffers: number; keep: number };

beforeAll(async () => {
  t = await createTestContext({ webhooks: { allowPrivate: true, retryBaseMs: 0 } });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await t.db.execute(
    sql`TRUNCATE webhook_endpoints, webhook_events, outbox_messages, imports, automations, suppressions, form_address_budget, preference_link_requests RESTART IDENTITY CASCADE`,
  );
  seeded = await seed();
});

async function add(listId: number, body: Record<string, unknown>) {
  const res = await t.post(`/api/v1/lists/${listId}/subscribers`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

/**
 * Erin on two lists, with history, a mailing sent to her and a colleague, her opens, click
 * and bounce, outbox copies (hers and a test message showing her address), an automation
 * run, a finished import's file naming her and queued webhook events.
 */
async function seed() {
  const hook = await t.post('/api/v1/webhooks', {
    url: 'http://127.0.0.1:9/hook',
    events: ['subscriber.created', 'subscriber.deleted'],
  });
  expect(hook.statusCode, hook.body).toBe(201);
  const field = await t.post('/api/v1/fields', {
    name: 'customer_id',
    type: 'integer',
    label: 'Customer ID',
  });
  expect(field.statusCode, field.body).toBe(201);
  const news = await createList(t, { name: 'News' });
  const offers = await createList(t, { name: 'Offers' });
  const erinNews = await add(news, { email: ERIN, first_name: '<b>Erin</b>', customer_id: 42 });
  const erinOffers = await add(offers, { email: ERIN.toLowerCase(), last_name: 'Offers' });
  const keep = await add(news, { email: 'keep@example.com' });
  const patched = await t.patch(`/api/v1/lists/${news}/subscribers/${erinNews}`, {
    last_name: 'Erased',
  });
  expect(patched.statusCode, patched.body).toBe(200);
  const mailing = await t.post('/api/v1/mailings', {
    list: news,
    name: 'Spring news',
    variants: [
      {
        subject: 'Spring is here',
        layout: { text: 'Hello' },
        deliveries: [{ scheduled_datetime: '2024-05-01T08:00:00Z' }],
      },
    ],
  });
  expect(mailing.statusCode, mailing.body).toBe(201);
  await t.db.execute(sql`INSERT INTO delivery_recipients
      (delivery_id, subscriber_id, email, state, sent_datetime, smtp_response)
    VALUES (1, ${erinNews}, ${ERIN}, 'sent', '2024-05-01T08:01:00Z', ${`250 OK queued for <${ERIN}>`}),
           (1, ${keep}, 'keep@example.com', 'sent', '2024-05-01T08:01:00Z', '250 OK')`);
  // A second delivery still running, whose message to Erin is not sent yet.
  const later = await t.post('/api/v1/mailings', {
    list: offers,
    name: 'Summer news',
    variants: [
      {
        subject: 'Summer',
        layout: { text: 'Hello' },
        deliveries: [{ scheduled_datetime: '2030-06-01T08:00:00Z' }],
      },
    ],
  });
  expect(later.statusCode, later.body).toBe(201);
  await t.db.execute(sql`INSERT INTO delivery_recipients (delivery_id, subscriber_id, email, state)
    VALUES (2, ${erinOffers}, ${ERIN.toLowerCase()}, 'queued')`);
  // What a hit tells of its client (issue 51): an address block and a user agent.
  const [{ id: agent }] = (await queryRows<{ id: number }>(
    t.db,
    sql`INSERT INTO tracking_user_agents (agent) VALUES ('Mozilla/5.0 (iPhone)')
        ON CONFLICT (agent) DO UPDATE SET agent = excluded.agent RETURNING id`,
  )) as [{ id: number }];
  const open = (email: string, at: string) =>
    t.db.execute(sql`INSERT INTO stat_opens
        (delivery_id, mailing_id, email, datetime, client_block, agent_id)
      VALUES (1, 1, ${email}, ${at}::timestamptz, '198.51.100.0/24', ${agent})`);
  await open(ERIN, '2024-05-01T09:00:00Z');
  await open(ERIN, '2024-05-02T09:00:00Z');
  await open('keep@example.com', '2024-05-01T10:00:00Z');
  await t.db.execute(sql`INSERT INTO stat_clicks (delivery_id, mailing_id, email, datetime, url)
    VALUES (1, 1, ${ERIN}, '2024-05-01T09:05:00Z', 'https://shop.example/spring')`);
  await t.db.execute(sql`INSERT INTO stat_bounces (delivery_id, mailing_id, email, datetime, hard)
    VALUES (1, 1, 'ERIN.erased@example.com', '2024-05-03T00:00:00Z', false)`);
  await t.db.execute(sql`INSERT INTO stat_complaints
      (delivery_id, mailing_id, email, datetime, feedback_type, source)
    VALUES (1, 1, ${ERIN}, '2024-05-04T00:00:00Z', 'abuse', 'arf')`);
  // A form's and the preference centre's mail budgets, keyed by the address's hash (issue 50).
  const hash = createHash('sha256').update(ERIN.toLowerCase()).digest('hex');
  await t.db.execute(
    sql`INSERT INTO form_address_budget (email_hash, mailed) VALUES (${hash}, now())`,
  );
  await t.db.execute(sql`INSERT INTO preference_link_requests (address_hash) VALUES (${hash})`);
  await t.db.execute(sql`INSERT INTO outbox_messages
      (delivery_id, mailing_id, recipient, sender, subject, message_id, headers, html, text, kind)
    VALUES (1, 1, ${ERIN}, 'news@acme.example', 'Spring is here', '<a@acme>', '{}', '<p>Hello</p>', 'Hello', 'delivery'),
           (NULL, 1, 'colleague@acme.example', 'news@acme.example', 'Test', '<b@acme>', '{}',
            ${`<p>Your address: ${ERIN.toLowerCase()}</p>`}, 'Test', 'test'),
           (NULL, 1, 'colleague@acme.example', 'news@acme.example', 'Other', '<c@acme>', '{}', '<p>x</p>', 'x', 'test')`);
  await t.db.execute(sql`INSERT INTO automations (list_id, name, trigger, trigger_type)
    VALUES (${news}, 'Welcome', '{"type":"subscribed"}', 'subscribed')`);
  await t.db.execute(sql`INSERT INTO automation_runs (automation_id, subscriber_id, email)
    VALUES (1, ${erinNews}, ${ERIN})`);
  await t.db.execute(sql`INSERT INTO imports (list_id, file, encoding, delimiter, has_header,
      ignore_invalid_fields, date_format, fields, status)
    VALUES (${offers}, 'people.csv', 'utf-8', ',', true, false, '%Y-%m-%d', '{email}', 'done')`);
  await t.db.execute(sql`INSERT INTO import_chunks (import_id, seq, data)
    VALUES (1, 0, convert_to(${`email\nkeep@example.com\n${ERIN.toUpperCase()}\n`}, 'UTF8'))`);
  return { news, offers, erinNews, erinOffers, keep };
}

async function personJson(authorization?: string) {
  const res = await t.request({
    method: 'GET',
    url: `/api/v1/people/${ERIN_PATH}/export`,
    ...(authorization ? { headers: { authorization } } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  const files = unzipSync(res.rawPayload);
  expect(Object.keys(files).sort()).toEqual(['person.html', 'person.json']);
  return {
    json: JSON.parse(strFromU8(files['person.json']!)) as Record<string, unknown[]>,
    html: strFromU8(files['person.html']!),
  };
}

/** A support user limited to these lists, with this access on each. */
async function supportUser(lists: { list: number; access: 'read' | 'manage' }[]) {
  const username = `support-${++users}@acme.example`;
  const res = await t.post('/api/v1/users', {
    username,
    password: PASSWORD,
    role: 'support',
    lists,
  });
  expect(res.statusCode, res.body).toBe(201);
  return basic(username, PASSWORD);
}

describe('GET /api/v1/people/{email}/export', () => {
  it('zips person.json with every subscription, its history, messages and hits, and a readable person.html', async () => {
    const { json, html } = await personJson();
    expect(json.email).toBe('erin.erased@example.com');
    expect(json.subscriptions).toEqual([
      expect.objectContaining({
        id: seeded.erinNews,
        list: { id: seeded.news, name: 'News' },
        email: ERIN,
        subscription: 'active',
        first_name: '<b>Erin</b>',
        last_name: 'Erased',
        custom_fields: { customer_id: 42 },
        create_datetime: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      }),
      expect.objectContaining({
        id: seeded.erinOffers,
        list: { id: seeded.offers, name: 'Offers' },
        email: ERIN.toLowerCase(),
        last_name: 'Offers',
      }),
    ]);
    expect(json.history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ subscription: seeded.erinNews, kind: 'created', via: 'api' }),
        expect.objectContaining({
          subscription: seeded.erinNews,
          kind: 'changed',
          field: 'last_name',
          old_value: '',
          new_value: 'Erased',
        }),
        expect.objectContaining({ subscription: seeded.erinOffers, kind: 'created' }),
      ]),
    );
    expect(json.messages).toEqual([
      {
        mailing: { id: 1, name: 'Spring news' },
        subject: 'Spring is here',
        delivery: 1,
        email: ERIN,
        state: 'sent',
        sent_datetime: '2024-05-01T08:01:00.000Z',
      },
      {
        mailing: { id: 2, name: 'Summer news' },
        subject: 'Summer',
        delivery: 2,
        email: ERIN.toLowerCase(),
        state: 'queued',
        sent_datetime: null,
      },
    ]);
    const mailing = { id: 1, name: 'Spring news' };
    expect(json.opens).toEqual([
      { mailing, datetime: '2024-05-01T09:00:00.000Z', class: 'human' },
      { mailing, datetime: '2024-05-02T09:00:00.000Z', class: 'human' },
    ]);
    expect(json.clicks).toEqual([
      {
        mailing,
        datetime: '2024-05-01T09:05:00.000Z',
        url: 'https://shop.example/spring',
        class: 'human',
      },
    ]);
    expect(json.bounces).toEqual([{ mailing, datetime: '2024-05-03T00:00:00.000Z', hard: false }]);
    expect(json.complaints).toEqual([
      { mailing, datetime: '2024-05-04T00:00:00.000Z', feedback_type: 'abuse', source: 'arf' },
    ]);
    // The readable copy escapes what the person typed.
    expect(html).toContain('&lt;b&gt;Erin&lt;/b&gt;');
    expect(html).not.toContain('<b>Erin');
    expect(html).toContain('<h2>Messages sent</h2>');
  });

  it('shows a list-limited reader only its lists, and nobody a person it cannot see', async () => {
    const reader = await supportUser([{ list: seeded.offers, access: 'read' }]);
    const { json } = await personJson(reader);
    expect(json.subscriptions).toEqual([expect.objectContaining({ id: seeded.erinOffers })]);
    // Spring news went to News: neither it nor its hits are Offers' data.
    expect(json.messages).toEqual([
      expect.objectContaining({ mailing: { id: 2, name: 'Summer news' } }),
    ]);
    expect([json.opens, json.clicks]).toEqual([[], []]);
    const stranger = await supportUser([]);
    const res = await t.request({
      method: 'GET',
      url: `/api/v1/people/${ERIN_PATH}/export`,
      headers: { authorization: stranger },
    });
    expect(res.statusCode).toBe(404);
    expect((await t.get('/api/v1/people/nobody%40example.com/export')).statusCode).toBe(404);
    // A path that names no address names nothing (as a malformed id does).
    expect((await t.get('/api/v1/people/not-an-address/export')).statusCode).toBe(404);
  });
});

describe('POST /api/v1/people/{email}/erase', () => {
  const erase = (authorization?: string, reason = 'Asked on the phone') =>
    t.request({
      method: 'POST',
      url: `/api/v1/people/${ERIN_PATH}/erase`,
      payload: { reason },
      ...(authorization ? { headers: { authorization } } : {}),
    });
  const totals = async () => {
    const counts = [];
    for (const kind of ['opens', 'clicks', 'bounces'])
      for (const unique of ['false', 'true']) {
        const res = await t.get(`/api/v1/statistics/${kind}?mailing=1&unique=${unique}`);
        expect(res.statusCode, res.body).toBe(200);
        counts.push(res.json<{ count: number }>().count);
      }
    const delivery = await t.get('/api/v1/deliveries/1');
    return { counts, delivery: delivery.json() as unknown };
  };

  it('leaves no trace of the address in any table, keeps statistics’ totals and audits without the address', async () => {
    const before = await tracesOf(t.db, ERIN);
    // The scan finds the address wherever the seed put it (a scan that finds nothing proves nothing).
    expect(before).toEqual(
      expect.arrayContaining([
        'automation_runs.email',
        'delivery_recipients.email',
        'delivery_recipients.smtp_response',
        'import_chunks.data',
        'outbox_messages.html',
        'outbox_messages.recipient',
        'stat_bounces.email',
        'stat_clicks.email',
        'stat_complaints.email',
        'stat_opens.email',
        'subscribers.email',
        'subscribers.search_text',
        'webhook_events.data',
      ]),
    );
    const totalsBefore = await totals();
    const res = await erase(undefined, `Asked by ${ERIN.toUpperCase()} on the phone`);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<{
      reference: string;
      lists: number;
      removed: Record<string, number>;
    }>();
    expect(result).toMatchObject({
      lists: 2,
      removed: {
        subscriptions: 2,
        opens: 2,
        clicks: 1,
        bounces: 1,
        complaints: 1,
        messages: 2,
        outbox_messages: 2,
        automation_runs: 1,
        import_files: 1,
        mail_budgets: 2,
      },
    });
    expect(result.removed.webhook_events).toBeGreaterThan(0);
    expect(await tracesOf(t.db, ERIN)).toEqual([]);
    // Her hits keep their class for the statistics, not where they came from.
    const signals = await queryRows<{ email: string; located: boolean }>(
      t.db,
      sql`SELECT email, client_block IS NOT NULL OR agent_id IS NOT NULL AS located
          FROM stat_opens ORDER BY id`,
    );
    expect(signals.map((r) => [r.email.startsWith('erased:'), r.located])).toEqual([
      [true, false],
      [true, false],
      [false, true],
    ]);
    // The running delivery will not mail the pseudonym.
    const queued = await queryRows<{ state: string }>(
      t.db,
      sql`SELECT state FROM delivery_recipients WHERE delivery_id = 2`,
    );
    expect(queued).toEqual([{ state: 'skipped' }]);
    expect(await totals()).toEqual(totalsBefore);
    // Gone for search and by id; the others stay.
    for (const query of ['search=erin', `email=${ERIN_PATH}`, 'search=erin&subscription=deleted'])
      expect((await t.get(`/api/v1/subscribers?${query}`)).json().count).toBe(0);
    expect(
      (await t.get(`/api/v1/lists/${seeded.news}/subscribers/${seeded.erinNews}`)).statusCode,
    ).toBe(404);
    expect(
      (await t.get(`/api/v1/lists/${seeded.news}/subscribers/${seeded.keep}`)).statusCode,
    ).toBe(200);
    const [suppressed] = await queryRows<{ reason: string; email: string | null; hashed: boolean }>(
      t.db,
      sql`SELECT reason, email, email_hash IS NOT NULL AS hashed FROM suppressions`,
    );
    expect(suppressed).toEqual({ reason: 'erased', email: null, hashed: true });
    await t.app.auditWritten();
    const audit = await t.get('/api/v1/audit?action=people.erase');
    expect(audit.json().results).toEqual([
      expect.objectContaining({
        route: '/api/v1/people/:email/erase',
        resource_type: 'people',
        resource_id: null,
        status: 200,
        detail: `Erased a person from 2 lists, reference ${result.reference}. Reason: Asked by [erased] on the phone`,
      }),
    ]);
    // Nothing left to erase or export.
    expect((await t.get(`/api/v1/people/${ERIN_PATH}/export`)).statusCode).toBe(404);
  });

  it('refuses a support user who does not manage every list of the person, changing nothing', async () => {
    const onlyNews = await supportUser([{ list: seeded.news, access: 'manage' }]);
    const readsOffers = await supportUser([
      { list: seeded.news, access: 'manage' },
      { list: seeded.offers, access: 'read' },
    ]);
    for (const user of [onlyNews, readsOffers]) expect((await erase(user)).statusCode).toBe(403);
    expect((await erase(await supportUser([]))).statusCode).toBe(404);
    expect((await t.get(`/api/v1/subscribers?email=${ERIN_PATH}`)).json().count).toBe(2);
    const both = await supportUser([
      { list: seeded.news, access: 'manage' },
      { list: seeded.offers, access: 'manage' },
    ]);
    expect((await erase(both)).statusCode).toBe(200);
    expect((await t.get(`/api/v1/subscribers?email=${ERIN_PATH}`)).json().count).toBe(0);
    const blank = await erase(undefined, '  ');
    expect(blank.json()).toEqual({ reason: ['This field may not be blank.'] });
  });
});
