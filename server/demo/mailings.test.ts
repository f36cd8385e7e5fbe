import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { seedAudience } from './audience.js';
import { generateRecords } from './mailing-statistics.js';
import { seedMailings } from './mailings.js';

let t: TestContext;
let summary: string;
beforeAll(async () => {
  t = await createTestContext();
  summary = await seedMailings(t.db, await seedAudience(t.db));
});
afterAll(() => t.close());

type Row = Record<string, unknown>;
const query = async <T extends Row>(text: ReturnType<typeof sql>) =>
  ((await t.db.execute(text)) as unknown as { rows: T[] }).rows;

describe('seedMailings', () => {
  it('creates mailings in several campaigns with en and de variants', async () => {
    expect(summary).toMatch(/^13 mailings in 4 campaigns, [\d,]+ statistic records$/);
    const all = (await t.get('/api/v1/mailings?page_size=100')).json().results as Row[];
    expect(all).toHaveLength(13);
    const bilingual: number[] = [];
    for (const { id } of all) {
      const mailing = (await t.get(`/api/v1/mailings/${id as number}`)).json();
      const codes = mailing.variants.map((v: { languages: string[] }) => v.languages.join());
      if (codes.includes('en') && codes.includes('de')) bilingual.push(mailing.campaign);
    }
    expect(new Set(bilingual.filter((c) => c !== null)).size).toBeGreaterThanOrEqual(2);
  });

  it('stores zipped layouts with their images, served publicly', async () => {
    const [file] = await query<{ layout_id: number; path: string }>(
      sql`SELECT layout_id, path FROM layout_files ORDER BY layout_id, path LIMIT 1`,
    );
    expect(file).toBeDefined();
    const [layout] = await query<{ source: string }>(
      sql`SELECT source FROM layouts WHERE id = ${file!.layout_id}`,
    );
    const url = `/media/layouts/${file!.layout_id}/${file!.path}`;
    expect(layout!.source).toContain(url);
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
  });

  it('spreads deliveries over the last 30 days, with one scheduled ahead', async () => {
    const [span] = await query<{ past: number; future: number; oldest_days: number }>(sql`
      SELECT count(*) FILTER (WHERE scheduled_datetime <= now())::int AS past,
             count(*) FILTER (WHERE scheduled_datetime > now())::int AS future,
             extract(epoch FROM now() - min(scheduled_datetime)) / 86400 AS oldest_days
      FROM deliveries`);
    expect(span!.future).toBeGreaterThan(0);
    expect(span!.past).toBeGreaterThan(10);
    expect(Number(span!.oldest_days)).toBeLessThanOrEqual(30);
  });

  it('records statistics that look real and come from the list subscribers', async () => {
    const count = async (path: string) => (await t.get(`/api/v1/statistics/${path}`)).json().count;
    const opens = await count('opens');
    const uniqueOpens = await count('opens?unique=true');
    expect(uniqueOpens).toBeLessThan(opens * 0.9);
    expect(await count('bounces?hard=true')).toBeGreaterThan(0);
    expect(await count('bounces?hard=false')).toBeGreaterThan(0);
    const urls = (await t.get('/api/v1/statistics/clicks/urls?limit=100')).json();
    expect(urls.length).toBeGreaterThanOrEqual(10);
    const [strangers] = await query<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM stat_opens o
      JOIN mailings m ON m.id = o.mailing_id
      WHERE NOT EXISTS (
        SELECT 1 FROM subscribers s WHERE s.list_id = m.list_id AND s.email = o.email)`);
    expect(strangers!.n).toBe(0);
    // Opens decay: the first day after a delivery holds more opens than the next six.
    const [decay] = await query<{ first_day: number; later: number }>(sql`
      SELECT count(*) FILTER (WHERE o.datetime < d.scheduled_datetime + interval '1 day')::int AS first_day,
             count(*) FILTER (WHERE o.datetime >= d.scheduled_datetime + interval '1 day')::int AS later
      FROM stat_opens o JOIN deliveries d ON d.id = o.delivery_id`);
    expect(decay!.first_day).toBeGreaterThan(decay!.later);
  });
});

describe('generateRecords', () => {
  it('is deterministic and never records anything after now or before the delivery', () => {
    const now = Date.UTC(2025, 0, 31);
    const sent = [
      {
        deliveryId: 1,
        mailingId: 1,
        campaign: 1,
        at: now - 3 * 86_400_000,
        urls: ['https://a.example/1', 'https://a.example/2'],
        appeal: 1,
        recipients: Array.from({ length: 5000 }, (_, i) => ({
          id: i + 1,
          email: `p${i}@x.example`,
        })),
      },
    ];
    const first = generateRecords(sent, now);
    expect(generateRecords(sent, now)).toEqual(first);
    const all = [...first.opens, ...first.clicks, ...first.bounces];
    expect(first.bounces.length / 5000).toBeGreaterThan(0.015);
    expect(first.bounces.length / 5000).toBeLessThan(0.025);
    const openers = new Set(first.opens.map((o) => o.e)).size;
    expect(openers / 5000).toBeGreaterThan(0.3);
    expect(first.opens.length).toBeGreaterThan(openers * 1.2);
    for (const r of all) {
      expect(Date.parse(r.t)).toBeLessThanOrEqual(now);
      expect(Date.parse(r.t)).toBeGreaterThanOrEqual(sent[0]!.at);
    }
  });
});
