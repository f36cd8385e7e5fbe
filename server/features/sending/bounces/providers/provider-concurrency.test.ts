import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../../app.js';
import { openDatabase, type Database } from '../../../../db/client.js';
import { queryRows } from '../../../../db/query-rows.js';
import { createTestContext, type TestContext } from '../../../../test/harness.js';
import { createList } from '../../../../test/lists.js';
import { sendRound } from '../../engine/sender.js';

/*
 * Concurrent webhook requests, whose events each server writes together (event-writer.ts),
 * spread over two replicas (on PostgreSQL each with its own connections): what each relay
 * sees is its own answer, given only once its events are committed.
 */
const POSTMARK = { username: 'postmark', password: 'postmark password' };
const EMAILS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'poison'].map((n) => `${n}@example.test`);

let t: TestContext;
let replica: App;
let replicaDatabase: Database;
beforeAll(async () => {
  t = await createTestContext({ sending: { providers: { postmark: POSTMARK } } });
  replicaDatabase = t.database.url
    ? await openDatabase({ databaseUrl: t.database.url })
    : t.database;
  replica = await buildApp({
    database: replicaDatabase,
    sending: { providers: { postmark: POSTMARK } },
  });
});
beforeEach(async () => {
  await t.reset();
  const list = await createList(t);
  for (const email of EMAILS) await t.post(`/api/v1/lists/${list}/subscribers`, { email });
  await t.post('/api/v1/mailings', {
    list,
    name: 'Concurrent',
    variants: [
      {
        subject: 'Hello',
        layout: { text: 'Hi' },
        deliveries: [{ scheduled_datetime: new Date(Date.now() - 1000).toISOString() }],
      },
    ],
  });
  await sendRound(t.app.sending);
});
afterAll(async () => {
  await replica.close();
  if (replicaDatabase !== t.database) await replicaDatabase.close();
  await t.close();
});

/**
 * One Postmark record (its webhooks post one a request); `id` makes a retry the same event.
 * Requests alternate between the replicas, so an event's retries land on both.
 */
let posted = 0;
const post = (id: number, email: string, record: object) =>
  (posted++ % 2 === 0 ? t.app : replica).inject({
    method: 'POST',
    url: '/api/v1/bounces/postmark',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${POSTMARK.username}:${POSTMARK.password}`).toString('base64')}`,
    },
    payload: JSON.stringify({ ID: id, Email: email, ...record }),
  });
const hardBounce = (id: number, email: string) =>
  post(id, email, { RecordType: 'Bounce', Type: 'HardBounce', Details: 'smtp;550 5.1.1' });

const recordsOf = async (email: string) => {
  const [row] = await queryRows<{ bounces: number; complaints: number; state: string }>(
    t.db,
    sql`SELECT (SELECT count(*)::int FROM stat_bounces WHERE email = ${email}) AS bounces,
               (SELECT count(*)::int FROM stat_complaints WHERE email = ${email}) AS complaints,
               (SELECT subscription FROM subscribers WHERE email = ${email}) AS state`,
  );
  return row!;
};

describe('concurrent provider requests', () => {
  it('records each event once, and answers each request only once its events are committed', async () => {
    // a–f: a hard bounce each, sent three times; g: a complaint and h an unsubscription, twice.
    const requests = [
      ...EMAILS.slice(0, 6).flatMap((email, i) => [0, 1, 2].map(() => ({ id: i, email }))),
      ...[0, 1].map(() => ({ id: 10, email: 'g@example.test', complaint: true })),
      ...[0, 1].map(() => ({ id: 11, email: 'h@example.test', unsubscribe: true })),
    ];
    const seenAtAnswer: string[] = [];
    const answers = await Promise.all(
      requests.map(async (r) => {
        const answer = await ('complaint' in r
          ? post(r.id, r.email, { RecordType: 'SpamComplaint', Type: 'SpamComplaint' })
          : 'unsubscribe' in r
            ? post(r.id, r.email, {
                RecordType: 'SubscriptionChange',
                SuppressSending: true,
                SuppressionReason: 'ManualSuppression',
              })
            : hardBounce(r.id, r.email));
        // What the relay's answer promises is already in the database.
        const records = await recordsOf(r.email);
        if (records.bounces + records.complaints === 0 && records.state === 'active')
          seenAtAnswer.push(`${r.email} not yet recorded`);
        return answer;
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(requests.map(() => 200));
    expect(seenAtAnswer).toEqual([]);
    // Each event counted in one answer only.
    expect(answers.reduce((sum, a) => sum + (a.json() as { recorded: number }).recorded, 0)).toBe(
      8,
    );
    const states = await Promise.all(EMAILS.slice(0, 8).map(recordsOf));
    expect(states.map((s) => `${s.bounces} ${s.complaints} ${s.state}`)).toEqual([
      ...EMAILS.slice(0, 6).map(() => '1 0 bounced'),
      '0 1 unsubscribed',
      '0 0 unsubscribed',
    ]);
  });

  it("answers a request whose write fails with an error, and still records the others' events", async () => {
    await t.db.execute(sql`CREATE FUNCTION test_poison() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.email = 'poison@example.test' THEN RAISE EXCEPTION 'poisoned bounce'; END IF;
        RETURN NEW;
      END $$`);
    await t.db.execute(sql`CREATE TRIGGER test_poison BEFORE INSERT ON stat_bounces
      FOR EACH ROW EXECUTE FUNCTION test_poison()`);
    try {
      const answers = await Promise.all(
        ['a', 'b', 'poison', 'c', 'd'].map((n, i) => hardBounce(i, `${n}@example.test`)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 500, 200, 200]);
      expect(answers.filter((a) => a.statusCode === 200).map((a) => a.json())).toEqual(
        [0, 1, 2, 3].map(() => ({ received: 1, recorded: 1 })),
      );
      const states = await Promise.all(
        ['a', 'b', 'c', 'd', 'poison'].map((n) => recordsOf(`${n}@example.test`)),
      );
      expect(states.map((s) => `${s.bounces} ${s.state}`)).toEqual([
        ...[0, 1, 2, 3].map(() => '1 bounced'),
        '0 active',
      ]);
    } finally {
      await t.db.execute(sql`DROP TRIGGER test_poison ON stat_bounces`);
      await t.db.execute(sql`DROP FUNCTION test_poison()`);
    }
    // The relay retries the failed request, which is recorded now.
    expect((await hardBounce(2, 'poison@example.test')).json()).toEqual({
      received: 1,
      recorded: 1,
    });
  });
});
