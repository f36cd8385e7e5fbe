import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/query-rows.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createList } from '../../../test/lists.js';
import { bit } from './classify/reasons.js';
import { signalRetention } from './signal-retention.js';

/**
 * Issue 51: a hit's client signals (address block, user agent, method, timing) follow a
 * retention rule (HIT_SIGNAL_RETENTION_DAYS): older hits lose them and keep their class,
 * reasons and counts, also through a reclassification; one replica runs the job at a time.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('hit signal retention', () => {
  it('clears the signals of hits older than the retention, keeping what they counted as', async () => {
    const list = await createList(t);
    const mailing = (
      await t.post('/api/v1/mailings', {
        list,
        name: 'Old news',
        variants: [
          {
            subject: 'Hi',
            layout: { text: 'Hi' },
            deliveries: [{ scheduled_datetime: '2030-03-01T09:00:00Z' }],
          },
        ],
      })
    ).json<{ id: number }>().id;
    const [agent] = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO tracking_user_agents (agent) VALUES ('Mozilla/5.0 Chrome/120.0') RETURNING id`,
    );
    // Two years ago: a person's open and a scanner's HEAD click; ten days ago: the same.
    const scanner = bit('head');
    for (const [table, cls, reasons, head, age] of [
      ['stat_opens', 'human', 0, false, '730 days'],
      ['stat_clicks', 'scanner', scanner, true, '730 days'],
      ['stat_opens', 'human', 0, false, '10 days'],
      ['stat_clicks', 'scanner', scanner, true, '10 days'],
    ] as const)
      await t.db.execute(
        sql.raw(`INSERT INTO ${table} (delivery_id, mailing_id, email, datetime, class, reasons, head,
                                       agent_id, client_block, seconds${table === 'stat_clicks' ? ', url' : ''})
                 SELECT d.id, ${mailing}, 'ann@x.org', now() - interval '${age}', '${cls}', ${reasons},
                        ${head}, ${agent!.id}, '81.2.69.0/24', 3600${table === 'stat_clicks' ? ", 'https://x.org'" : ''}
                   FROM deliveries d`),
      );
    const hits = () =>
      queryRows<Record<string, unknown>>(
        t.db,
        sql`SELECT kind, old, class, reasons, head, agent_id IS NOT NULL AS agent,
                   client_block IS NOT NULL AS block, seconds IS NOT NULL AS seconds
              FROM (SELECT 'open' AS kind, datetime < now() - interval '1 year' AS old, * FROM stat_opens
                    UNION ALL
                    SELECT 'click', datetime < now() - interval '1 year', id, delivery_id, mailing_id,
                           campaign, email, datetime, first, class, reasons, seconds, head, agent_id,
                           client_block, first_human FROM stat_clicks) h
             ORDER BY kind, old`,
      );
    const counts = async () => (await t.get('/api/v1/overview')).json().mailings;
    const countsBefore = await counts();

    const one = signalRetention(t.db, 395);
    const other = signalRetention(t.db, 395);
    expect(await one.runOnce()).toBe(2);
    // The other replica waits for the lease; this one has nothing left.
    expect(await other.runOnce()).toBeNull();
    expect(await one.runOnce()).toBe(0);
    const kept = { agent: true, block: true, seconds: true };
    const cleared = { agent: false, block: false, seconds: false, head: false };
    const expected = [
      { kind: 'click', old: false, class: 'scanner', reasons: scanner, head: true, ...kept },
      { kind: 'click', old: true, class: 'scanner', reasons: scanner, ...cleared },
      { kind: 'open', old: false, class: 'human', reasons: 0, head: false, ...kept },
      { kind: 'open', old: true, class: 'human', reasons: 0, ...cleared },
    ];
    expect(await hits()).toEqual(expected);
    expect(await counts()).toEqual(countsBefore);

    // Reclassified: the old hits have nothing to be judged by and stay as they were.
    expect((await t.post('/api/v1/statistics/reclassify', {})).statusCode).toBe(200);
    expect(await hits()).toEqual(expected);
    await one.stop();
    expect(await other.runOnce()).toBe(0);
    await other.stop();
  });
});
