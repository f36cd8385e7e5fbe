import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.js';
import { openDatabase } from '../server/db/client.js';
import { usersRepository } from '../server/features/users/repository.js';

export const name =
  'Subscribers of a 1,000,000-subscriber list: GET collection and POST latency (in-process, PGlite in memory)';

const SUBSCRIBERS = 1_000_000;
const CHUNK = 100_000;

export async function run() {
  const database = await openDatabase({ memory: true });
  await database.migrate();
  await usersRepository(database.db).create('bench@example.com', 'bench-password');
  const app = await buildApp({ database });
  const authorization = `Basic ${Buffer.from('bench@example.com:bench-password').toString('base64')}`;
  const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

  const list = await inject('POST', '/api/v1/lists', {
    name: 'Big list',
    default_from_name: 'Bench',
    default_from_email: 'bench@example.com',
  });
  const listId = (list.json() as { id: number }).id;

  let started = performance.now();
  // One state in ten per subscriber: 60 % active, 10 % each of the others.
  for (let from = 1; from <= SUBSCRIBERS; from += CHUNK) {
    await database.db.execute(sql`
      insert into subscribers (list_id, subscription, email, first_name, last_name, language, region, custom)
      select ${listId},
             (array['active','active','active','active','active','active','pending','bounced','unsubscribed','deleted'])[1 + i % 10],
             'user' || i || '@example.com', 'First' || (i % 997), 'Last' || (i % 4999), 'en', 'CH-ZH',
             jsonb_build_object('customer_id', i)
        from generate_series(${from}::int, ${Math.min(from + CHUNK - 1, SUBSCRIBERS)}::int) as i`);
  }
  await database.db.execute(sql`vacuum analyze subscribers`);
  console.log(
    `   seeded ${SUBSCRIBERS.toLocaleString('en')} subscribers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const base = `/api/v1/lists/${listId}/subscribers`;
  const visible = (await inject('GET', base)).json() as { count: number };
  const lastPage = Math.ceil(visible.count / 25);
  const cases: [string, string][] = [
    ['first page', base],
    ['first page, ordering=-id', `${base}?ordering=-id`],
    ['first page, ordering=email', `${base}?ordering=email`],
    ['subscription=unsubscribed', `${base}?subscription=unsubscribed`],
    ['subscription=deleted, page 1000', `${base}?subscription=deleted&page=1000`],
    ['email lookup', `${base}?email=USER654321%40example.com`],
    [`deep page ${lastPage.toLocaleString('en')}`, `${base}?page=${lastPage}`],
    ['page 20,000', `${base}?page=20000`],
    ['one subscriber', `${base}/500000`],
  ];
  for (const [label, url] of cases) {
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      const res = await inject('GET', url);
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) console.log(`   ${label}: unexpected ${res.statusCode}`);
    }
    report(`GET ${label}`, times);
  }

  const times: number[] = [];
  started = performance.now();
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    const res = await inject('POST', base, { email: `new${i}@example.com`, first_name: 'New' });
    times.push(performance.now() - t0);
    if (res.statusCode !== 201) console.log(`   POST: unexpected ${res.statusCode}`);
  }
  report('POST create', times);
  const duplicate: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    await inject('POST', base, { email: `user${i * 7919}@example.com` });
    duplicate.push(performance.now() - t0);
  }
  report('POST duplicate (409)', duplicate);

  await app.close();
  await database.close();
}

function report(label: string, times: number[]) {
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.floor((times.length - 1) * p)]!.toFixed(1);
  console.log(
    `   ${label.padEnd(40)} n=${String(times.length).padStart(3)}  p50 ${pct(0.5)} ms  p95 ${pct(0.95)} ms  max ${pct(1)} ms`,
  );
}
