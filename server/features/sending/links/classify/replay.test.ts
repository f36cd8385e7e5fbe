import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.js';
import { createList } from '../../../../test/lists.js';
import { replay } from './replay.js';

/**
 * The measure of issue 51: over the labelled replay set (replay-set.json, built from the
 * published signals), precision and recall of `human` are both at least 0.95. The burst
 * rule (burst.ts) runs over the stored hits as it does in production.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

it('tells people from machines on the replay set: precision and recall of human ≥ 0.95', async () => {
  const list = await createList(t);
  const res = await t.post('/api/v1/mailings', {
    list,
    name: 'Replay',
    variants: [
      {
        subject: 'Replay',
        layout: { text: 'x' },
        deliveries: [{ scheduled_datetime: '2024-01-01T00:00:00Z' }],
      },
    ],
  });
  const mailing = res.json<{ id: number }>().id;
  const [delivery] = (await t.get(`/api/v1/mailings/${mailing}/deliveries`)).json();
  const result = await replay(t.db, { id: delivery.id, mailing });
  expect(result.hits).toBeGreaterThan(300);
  expect(result.precision).toBeGreaterThanOrEqual(0.95);
  expect(result.recall).toBeGreaterThanOrEqual(0.95);
  // The two hard cases (a person opening at once, two quick clicks) are the only misses.
  expect(result.wrong.map((w) => w.source).sort()).toEqual([
    'hard_early_open',
    'hard_quick_clicks',
    'hard_quick_clicks',
  ]);
});
