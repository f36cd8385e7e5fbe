import { sql } from 'drizzle-orm';
import { load } from './support/load.js';
import { withPostgresApp } from './support/postgres-app.js';

export const name =
  'Partial search (`search=`) in a 1,000,000-subscriber list and across lists, on PostgreSQL (DATABASE_URL)';

const SUBSCRIBERS = 1_000_000;
const CHUNK = 100_000;
const RUNS = 27;

/** Support staff's searches: part of a surname, of an address, a full name, with filters. */
const searches: [string, string][] = [
  ['surname fragment, accents ("müller-42")', 'search=m%C3%BCller-42'],
  ['surname without accents ("zurcher-1234")', 'search=zurcher-1234'],
  ['full name ("anna jäger-77")', 'search=anna%20j%C3%A4ger-77'],
  ['address fragment ("user654321")', 'search=user654321'],
  ['whole address ("user123456@example.com")', 'search=user123456%40example.com'],
  ['rare surname + state filter', 'search=b%C3%B6hm-4711&subscription=active'],
  ['rare surname + ordering=-email', 'search=weber-999&ordering=-email'],
  ['common surname ("müller", 1 in 10)', 'search=m%C3%BCller'],
];

export async function run() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('   skipped (set DATABASE_URL to a PostgreSQL server whose role has CREATEDB)');
    return;
  }
  await withPostgresApp(url, async ({ app, database, authorization }) => {
    const get = (path: string) =>
      app.inject({ method: 'GET', url: path, headers: { authorization } });
    const listIds: number[] = [];
    for (const name of ['Big list', 'Second list']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/lists',
        headers: { authorization },
        payload: { name, default_from_name: 'Bench', default_from_email: 'bench@example.com' },
      });
      listIds.push((res.json() as { id: number }).id);
    }
    const [listId, second] = listIds as [number, number];

    const started = performance.now();
    for (let from = 1; from <= SUBSCRIBERS; from += CHUNK) {
      await database.db.execute(sql`
        insert into subscribers (list_id, subscription, email, first_name, last_name)
        select ${listId},
               (array['active','active','active','active','active','active','pending','bounced','unsubscribed','deleted'])[1 + i % 10],
               'user' || i || '@example.com',
               (array['Anna','Bernd','Carla','Dóra','Émile','Jörg','Zoë','Lukas','Mia','Noah'])[1 + i % 10],
               (array['Müller','Schmidt','Meier','Weber','Fischer','Keller','Huber','Zürcher','Böhm','Jäger'])[1 + (i / 10) % 10] || '-' || (i % 5003)
          from generate_series(${from}::int, ${Math.min(from + CHUNK - 1, SUBSCRIBERS)}::int) as i`);
    }
    // A second list where some of the same people are subscribed too.
    await database.db.execute(sql`
      insert into subscribers (list_id, subscription, email, first_name, last_name)
      select ${second}, 'active', email, first_name, last_name from subscribers
       where list_id = ${listId} and id % 10 = 0`);
    await database.db.execute(sql`vacuum analyze subscribers`);
    console.log(
      `   seeded ${SUBSCRIBERS.toLocaleString('en')} subscribers (+100,000 in a second list) and built the index in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    console.log(`   ${load()}`);
    const base = `/api/v1/lists/${listId}/subscribers`;
    for (const [label, query] of searches) {
      await measure(`list: ${label}`, () => get(`${base}?${query}`));
    }
    // The same common search again and again finds its count remembered (repository.ts); here
    // each request is another surname or state, as typed by support staff, counted afresh.
    const surnames = ['M%C3%BCller', 'Schmidt', 'Meier', 'Weber', 'Fischer', 'Keller', 'Huber'];
    const states = ['', '&subscription=active', '&subscription=pending', '&subscription=bounced'];
    const fresh = surnames.flatMap((n) => states.map((s) => `${base}?search=${n}${s}`));
    let next = 0;
    await measure('list: common surname, another each time (nothing remembered)', () =>
      get(fresh[next++ % fresh.length]!),
    );
    for (const [label, query] of searches.slice(0, 5)) {
      await measure(`all lists: ${label}`, () => get(`/api/v1/subscribers?${query}`));
    }
    console.log(`   (${load()} at the end)`);
    await app.close();
  });
}

/** The first request and the p50/p95 of RUNS more. */
async function measure(
  label: string,
  request: () => Promise<{ statusCode: number; json: () => unknown }>,
) {
  const t0 = performance.now();
  const { count } = (await request()).json() as { count: number };
  const first = performance.now() - t0;
  label = `${label} [${count} hits]`;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const res = await request();
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) {
      console.log(`   ${label}: unexpected ${res.statusCode}`);
      return;
    }
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.floor((times.length - 1) * p)]!.toFixed(1);
  console.log(
    `   ${label.padEnd(62)} p50 ${pct(0.5).padStart(6)} ms  p95 ${pct(0.95).padStart(6)} ms  first ${first.toFixed(1)} ms`,
  );
}
