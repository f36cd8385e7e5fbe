import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createList } from '../../../test/lists.js';
import { startSmtpSink } from '../../../test/smtp-sink.js';

/**
 * A delivery made due through the API starts at once (issue 52's measure as a user: the
 * pickup waited up to the poll interval), not at the worker's next poll: here an hour away.
 */
const sink = await startSmtpSink();
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    deliveryWorker: true,
    sending: { smtpUrls: [sink.url], ratePerServer: 0, pollMs: 3_600_000 },
  });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

describe('a mailing sent now through the API', () => {
  it('is sent without waiting for the next poll', async () => {
    const list = await createList(t);
    for (const email of ['one@example.test', 'two@example.test'])
      await t.post(`/api/v1/lists/${list}/subscribers`, { email });
    const send = async (name: string) => {
      const created = await t.post('/api/v1/mailings', {
        list,
        name,
        variants: [
          {
            subject: name,
            layout: { text: 'Hi' },
            deliveries: [{ scheduled_datetime: new Date().toISOString() }],
          },
        ],
      });
      expect(created.statusCode, created.body).toBe(201);
      const mailing = created.json<{ id: number }>().id;
      return (await t.get(`/api/v1/mailings/${mailing}/deliveries`)).json<{ id: number }[]>()[0]!
        .id;
    };
    const status = async (id: number) =>
      (await t.get(`/api/v1/deliveries/${id}`)).json<{
        status: string;
        progress: { sent: number };
      }>();

    const first = await send('Now');
    await expect
      .poll(() => status(first), { timeout: 10_000 })
      .toMatchObject({
        status: 'done',
        progress: { sent: 2 },
      });
  });
});
