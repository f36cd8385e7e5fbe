import { sql } from 'drizzle-orm';
import { withPostgresApp } from './support/postgres-app.js';

export const name =
  'Segment count at 1,000,000 subscribers: state + language + one custom field (PostgreSQL, DATABASE_URL)';

const SUBSCRIBERS = 1_000_000;
const CHUNK = 100_000;

/** Counts of saved segments (GET …/segments/{id}) and previews, in-process, on PostgreSQL. */
export async function run() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('   skipped: set DATABASE_URL (a PostgreSQL server) to measure');
    return;
  }
  await withPostgresApp(url, async ({ app, database, authorization }) => {
    const inject = (method: 'GET' | 'POST', path: string, payload?: object) =>
      app.inject({
        method,
        url: path,
        headers: { authorization },
        ...(payload ? { payload } : {}),
      });

    const list = await inject('POST', '/api/v1/lists', {
      name: 'Big list',
      default_from_name: 'Bench',
      default_from_email: 'bench@example.com',
      languages: ['en', 'de', 'fr', 'it'],
    });
    const listId = (list.json() as { id: number }).id;
    await inject('POST', `/api/v1/lists/${listId}/fields`, {
      name: 'plan',
      type: 'choice',
      choices: [{ value: 'free' }, { value: 'pro' }, { value: 'team' }, { value: 'enterprise' }],
    });
    await inject('POST', `/api/v1/lists/${listId}/fields`, { name: 'seats', type: 'integer' });

    const started = performance.now();
    for (let from = 1; from <= SUBSCRIBERS; from += CHUNK) {
      await database.db.execute(sql`
        insert into subscribers (list_id, subscription, email, language, region, custom)
        select ${listId},
               (array['active','active','active','active','active','active','pending','bounced','unsubscribed','deleted'])[1 + i % 10],
               'user' || i || '@example.com',
               (array['en','en','de','fr','it'])[1 + (i / 7) % 5],
               (array['DE-BY','CH-ZH','AT','FR','IT-RM'])[1 + (i / 3) % 5],
               jsonb_build_object('plan', (array['free','free','free','pro','team','enterprise'])[1 + (i / 11) % 6], 'seats', i % 50)
          from generate_series(${from}::int, ${Math.min(from + CHUNK - 1, SUBSCRIBERS)}::int) as i`);
    }
    await database.db.execute(sql`vacuum analyze subscribers`);
    console.log(
      `   seeded ${SUBSCRIBERS.toLocaleString('en')} subscribers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const filters: [string, object][] = [
      [
        'active + de + plan equals pro',
        {
          conditions: [
            { field: 'subscription', in: ['active'] },
            { field: 'language', in: ['de'] },
            { field: 'custom', name: 'plan', operator: 'equals', value: 'pro' },
          ],
        },
      ],
      [
        'active + en + seats range 10–19',
        {
          conditions: [
            { field: 'subscription', in: ['active'] },
            { field: 'language', in: ['en'] },
            { field: 'custom', name: 'seats', operator: 'range', from: 10, to: 19 },
          ],
        },
      ],
      [
        'active + fr + plan choice team/enterprise',
        {
          conditions: [
            { field: 'subscription', in: ['active'] },
            { field: 'language', in: ['fr'] },
            { field: 'custom', name: 'plan', operator: 'choice', values: ['team', 'enterprise'] },
          ],
        },
      ],
    ];
    for (const [label, filter] of filters) {
      const created = await inject('POST', `/api/v1/lists/${listId}/segments`, {
        name: label,
        filter,
      });
      const { id, count } = created.json() as { id: number; count: number };
      const times: number[] = [];
      for (let i = 0; i < 30; i++) {
        const t0 = performance.now();
        const res = await inject('GET', `/api/v1/lists/${listId}/segments/${id}`);
        times.push(performance.now() - t0);
        if (res.statusCode !== 200) console.log(`   ${label}: unexpected ${res.statusCode}`);
      }
      report(`count: ${label} (${count.toLocaleString('en')})`, times);
    }
    await app.close();
  });
}

function report(label: string, times: number[]) {
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.floor((times.length - 1) * p)]!.toFixed(1);
  console.log(
    `   ${label.padEnd(56)} n=${String(times.length).padStart(3)}  p50 ${pct(0.5)} ms  p95 ${pct(0.95)} ms  max ${pct(1)} ms`,
  );
}
