import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/query-rows.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createList } from '../../../test/lists.js';
import { sendRound } from '../engine/sender.js';
import { deriveKey } from '../links/tokens.js';
import { createVerp } from '../message/verp.js';

const TOKEN = 'bounce-webhook-token-for-tests';
const SECRET = 'complaint-tests-tracking-secret-0123456789';
const RETURN_PATH = 'bounces.acme.example';
const fixture = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test/fixtures/arf-abuse-inline.eml',
);
const ORIGINAL_ID = '<7a1e0c44-5b2d-4f6e-8a9b-0c1d2e3f4a5b@acme.example>';

let t: TestContext;
let arf: string;
beforeAll(async () => {
  t = await createTestContext({
    sending: { bounceWebhookToken: TOKEN, secret: SECRET, returnPathDomain: RETURN_PATH },
  });
  arf = await readFile(fixture, 'utf8');
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const webhook = (payload: string, contentType = 'message/rfc822') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/bounces',
    headers: { 'content-type': contentType, authorization: `Bearer ${TOKEN}` },
    payload,
  });

/**
 * gone@ and kept@ on a mailed list, gone@ also on a second list that was never mailed; the
 * mailing is sent (to the outbox) and gone@'s message carries the fixture's original Message-ID.
 */
async function sent() {
  const mailed = await createList(t);
  const other = await createList(t, { name: 'Other' });
  const ids: Record<string, number> = {};
  for (const email of ['gone@example.test', 'kept@example.test'])
    ids[email] = (await t.post(`/api/v1/lists/${mailed}/subscribers`, { email })).json().id;
  const elsewhere = (
    await t.post(`/api/v1/lists/${other}/subscribers`, { email: 'gone@example.test' })
  ).json().id as number;
  const mailing = (
    await t.post('/api/v1/mailings', {
      list: mailed,
      name: 'Complained about',
      variants: [
        {
          subject: 'Hello',
          layout: { text: 'Hi' },
          deliveries: [{ scheduled_datetime: new Date(Date.now() - 1000).toISOString() }],
        },
      ],
    })
  ).json().id as number;
  await sendRound(t.app.sending);
  await t.db.execute(sql`UPDATE delivery_recipients SET message_id = ${ORIGINAL_ID}
                          WHERE email = 'gone@example.test'`);
  const state = async (list: number, id: number) =>
    (await t.get(`/api/v1/lists/${list}/subscribers/${id}`)).json().subscription;
  return { mailed, other, ids, elsewhere, mailing, state };
}

const complaints = async (query = '') =>
  (await t.get(`/api/v1/statistics/complaints?${query}`)).json().results;
const suppressed = () =>
  queryRows<{ email: string; reason: string }>(
    t.db,
    sql`SELECT email, reason FROM suppressions ORDER BY id`,
  );

describe('ARF complaints through the bounce webhook', () => {
  it('records a complaint once: unsubscribed from every list, suppressed, counted, emitted', async () => {
    const { mailed, other, ids, elsewhere, mailing, state } = await sent();
    const hook = await t.post('/api/v1/webhooks', {
      url: 'https://crm.example/hook',
      events: ['message.complained'],
    });
    expect(hook.statusCode).toBe(201);

    const res = await webhook(arf);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 1, recorded: 1 });
    // The same report again, and its multipart/report body alone: the same complaint.
    expect((await webhook(arf)).json()).toEqual({ received: 1, recorded: 0 });
    const [, ...rest] = arf.split('\r\n\r\n');
    const contentType =
      'multipart/report; report-type=feedback-report; boundary="part1_13d.2e68ed54_boundary"';
    expect((await webhook(rest.join('\r\n\r\n'), contentType)).json()).toEqual({
      received: 1,
      recorded: 0,
    });

    expect(await complaints()).toEqual([
      {
        mailing,
        email: 'gone@example.test',
        datetime: expect.any(String),
        feedback_type: 'abuse',
        source: 'arf',
      },
    ]);
    expect(await complaints(`mailing=${mailing + 1}`)).toEqual([]);
    expect(await complaints('unique=true')).toHaveLength(1);
    const series = (await t.get('/api/v1/statistics/complaints/series?interval=day')).json();
    expect(series).toEqual([{ bucket: expect.any(String), count: 1 }]);

    expect(await state(mailed, ids['gone@example.test']!)).toBe('unsubscribed');
    expect(await state(other, elsewhere)).toBe('unsubscribed');
    expect(await state(mailed, ids['kept@example.test']!)).toBe('active');
    expect(await suppressed()).toEqual([{ email: 'gone@example.test', reason: 'complaint' }]);
    const history = (await t.get(`/api/v1/lists/${other}/subscribers/${elsewhere}/history`)).json()
      .results;
    expect(history).toContainEqual(expect.objectContaining({ via: 'complaint' }));

    const events = await queryRows<{ type: string; data: Record<string, unknown> }>(
      t.db,
      sql`SELECT type, data FROM webhook_events WHERE type = 'message.complained'`,
    );
    expect(events).toEqual([
      {
        type: 'message.complained',
        data: expect.objectContaining({
          mailing,
          email: 'gone@example.test',
          feedback_type: 'abuse',
          source: 'arf',
        }),
      },
    ]);
  });

  it('finds the message by the original attached, by its headers only, or by VERP', async () => {
    const { mailing, ids } = await sent();
    // The recipient redacted, as most feedback loops do: only the original identifies it.
    const redacted = arf
      .replace(/Original-Rcpt-To: .*\r\n/, '')
      .replace(/Removal-Recipient: .*\r\n/, '')
      .replace('To: <gone@example.test>', 'To: <redacted@isp.example>');
    const attached = redacted.replace(
      'Content-Disposition: inline',
      'Content-Disposition: attachment',
    );
    expect((await webhook(attached)).json()).toEqual({ received: 1, recorded: 1 });
    await t.db.execute(sql`DELETE FROM stat_complaints`);
    const headersOnly = redacted
      .replace('Content-Type: message/rfc822', 'Content-Type: text/rfc822-headers')
      .replace('\r\nHi\r\n', '\r\n');
    expect((await webhook(headersOnly)).json()).toEqual({ received: 1, recorded: 1 });
    expect(await complaints()).toMatchObject([{ mailing, email: 'gone@example.test' }]);

    // kept@ by its VERP return path alone (Original-Mail-From), no Message-ID anywhere.
    const [delivery] = await queryRows<{ delivery_id: number }>(
      t.db,
      sql`SELECT delivery_id FROM delivery_recipients WHERE email = 'kept@example.test'`,
    );
    const verp = createVerp(RETURN_PATH, [deriveKey(SECRET)]).address({
      deliveryId: delivery!.delivery_id,
      subscriberId: ids['kept@example.test']!,
    });
    const byVerp = redacted
      .replace('Original-Mail-From: <news@acme.example>', `Original-Mail-From: <${verp}>`)
      .replace(/Message-ID: <7a1e[^\r]*\r\n/, '');
    expect((await webhook(byVerp)).json()).toEqual({ received: 1, recorded: 1 });
    expect((await complaints()).map((c: { email: string }) => c.email).sort()).toEqual([
      'gone@example.test',
      'kept@example.test',
    ]);
  });

  it('answers 400 to a feedback report without its feedback part', async () => {
    await sent();
    const broken = arf.replace('Content-Type: message/feedback-report', 'Content-Type: text/plain');
    const res = await webhook(broken);
    expect(res.statusCode).toBe(400);
    expect(res.json().non_field_errors[0]).toMatch(/feedback report/);
    expect(await complaints()).toEqual([]);
  });
});
