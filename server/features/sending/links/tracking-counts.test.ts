import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createList } from '../../../test/lists.js';
import { sendRound } from '../engine/sender.js';

/** TRACKING=counts: opens and clicks are counted, nobody is named. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    sending: { publicUrl: 'http://mail.example.test', tracking: 'counts' },
  });
});
beforeEach(() => t.reset());
afterAll(() => t.close());

describe('TRACKING=counts', () => {
  it('records clicks and opens per delivery and URL with an empty email', async () => {
    const list = await createList(t);
    await t.post(`/api/v1/lists/${list}/subscribers`, { email: 'a@x.test' });
    await t.post(`/api/v1/lists/${list}/subscribers`, { email: 'b@x.test' });
    const mailing = (
      await t.post('/api/v1/mailings', {
        list,
        name: 'Counted',
        variants: [
          {
            subject: 'Hi',
            layout: { text: '<p><a href="https://example.org/x">x</a></p>' },
            deliveries: [{ scheduled_datetime: new Date(Date.now() - 1000).toISOString() }],
          },
        ],
      })
    ).json().id as number;
    const [shown] = (await t.get(`/api/v1/mailings/${mailing}`)).json().variants;
    expect(shown.deliveries).toMatchObject([{ exclusions: [], limit: null }]);
    await sendRound(t.app.sending);
    const messages = (await t.get('/api/v1/outbox')).json().results;
    const bodies = await Promise.all(
      messages.map(async (m: { id: number }) => (await t.get(`/api/v1/outbox/${m.id}`)).json()),
    );
    const links = bodies.map((b) => /mail\.example\.test(\/t\/c\/[^"]+)"/.exec(b.html)![1]!);
    // The link names the delivery, not the person: both recipients got the same one.
    expect(links[0]).toBe(links[1]);
    for (const link of links) {
      expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(302);
    }
    await t.app.trackingHits.flush(); // hits are written after the answer
    const clicks = (await t.get(`/api/v1/statistics/clicks?mailing=${mailing}`)).json();
    expect(clicks.results).toMatchObject([
      { mailing, email: '', url: 'https://example.org/x' },
      { mailing, email: '', url: 'https://example.org/x' },
    ]);

    // Hits arriving together are written together: each is still a record of its own, and
    // `unique` still keeps one per delivery and URL.
    const burst = await Promise.all(
      Array.from({ length: 25 }, () => t.app.inject({ method: 'GET', url: links[0]! })),
    );
    expect(burst.map((r) => r.statusCode)).toEqual(Array(25).fill(302));
    await t.app.trackingHits.flush();
    const all = (await t.get(`/api/v1/statistics/clicks?mailing=${mailing}`)).json();
    expect(all.count).toBe(27);
    const unique = (await t.get(`/api/v1/statistics/clicks?mailing=${mailing}&unique=true`)).json();
    expect(unique.count).toBe(1);
    const opens = bodies.map((b) => /mail\.example\.test(\/t\/o\/[^"]+)"/.exec(b.html)![1]!);
    await Promise.all(opens.map((url) => t.app.inject({ method: 'GET', url })));
    await t.app.trackingHits.flush();
    const opened = (await t.get(`/api/v1/statistics/opens?mailing=${mailing}`)).json();
    expect(opened.count).toBe(2);
  });
});
