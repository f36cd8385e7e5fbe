import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { loadDemoData } from './demo-data.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await loadDemoData(t.db);
}, 120_000);
afterAll(() => t.close());

type Named = { id: number; name: string };

describe('demo campaigns and segments', () => {
  it('names every campaign of the demo mailings, each with at least two mailings', async () => {
    const campaigns = (await t.get('/api/v1/campaigns')).json().results as Named[];
    expect(campaigns.map((c) => c.name).sort()).toEqual([
      'Acme Weekly',
      'Hüttentouren',
      'Lumière été',
      'Wandersommer',
    ]);
    const mailings = (await t.get('/api/v1/mailings?page_size=100')).json().results as {
      campaign: number | null;
    }[];
    for (const c of campaigns)
      expect(mailings.filter((m) => m.campaign === c.id).length, c.name).toBeGreaterThanOrEqual(2);
    // The demo's fixed ids leave room for the next campaign.
    expect((await t.post('/api/v1/campaigns', { name: 'Winter' })).json()).toMatchObject({ id: 5 });
  });

  it('gives every list segments that people are in', async () => {
    const lists = (await t.get('/api/v1/lists')).json().results as Named[];
    for (const list of lists) {
      const segments = (await t.get(`/api/v1/lists/${list.id}/segments`)).json()
        .results as (Named & {
        count: number;
      })[];
      expect(segments.length, list.name).toBe(3);
      for (const s of segments) expect(s.count, `${list.name}: ${s.name}`).toBeGreaterThan(0);
    }
  });
});
