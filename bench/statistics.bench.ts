import { sql, type SQL } from 'drizzle-orm';
import { buildApp, type App } from '../server/app.js';
import { openDatabase, type Db } from '../server/db/client.js';
import { usersRepository } from '../server/features/identity/index.js';

export const name =
  'Statistics: filters, series and top URLs over generated records (PGlite in memory)';

const OPENS = Number(process.env.BENCH_STAT_OPENS ?? 1_000_000);
const MAILINGS = 40;
const CAMPAIGNS = 5;
const DELIVERIES_PER_MAILING = 2;
const RECIPIENTS = 20_000;

/**
 * Fills an empty, migrated database with one list, MAILINGS mailings over CAMPAIGNS
 * campaigns, their deliveries over the last year, and `opens` open records (a fifth as many
 * clicks over 8 URLs, a fiftieth as many bounces), all generated inside the database.
 * Opens decay after each delivery and repeat per recipient, so `unique` has work to do.
 */
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function generateStatistics(db: Db, opens: number) {
  const deliveries = MAILINGS * DELIVERIES_PER_MAILING;
  await db.execute(sql`SELECT setseed(0.42)`);
  await db.execute(sql`INSERT INTO lists (name, default_from_name, default_from_email, languages)
    VALUES ('Bench', 'Bench', 'bench@example.com', '{en}')`);
  await db.execute(sql`INSERT INTO mailings (list_id, name, campaign)
    SELECT 1, 'Mailing ' || m, 1 + m % ${CAMPAIGNS} FROM generate_series(1, ${MAILINGS}) m`);
  await db.execute(sql`INSERT INTO variants (mailing_id, position, from_name, from_email, subject)
    SELECT id, 0, 'Bench', 'bench@example.com', 'Subject' FROM mailings`);
  await db.execute(sql`INSERT INTO deliveries (variant_id, scheduled_datetime)
    SELECT v.id, now() - (v.id * 9 + d * 2) * interval '1 day'
    FROM variants v, generate_series(0, ${DELIVERIES_PER_MAILING - 1}) d`);
  const records = (table: string, count: number, extra: string, extraValue: string) =>
    db.execute(
      sql.raw(`INSERT INTO ${table} (delivery_id, mailing_id, campaign, email, datetime${extra})
        SELECT d.id, m.id, m.campaign,
          'user' || floor(random() * ${RECIPIENTS})::int || '@example.com',
          d.scheduled_datetime + power(random(), 4) * interval '10 days'${extraValue}
        FROM generate_series(1, ${count}) g
        JOIN deliveries d ON d.id = 1 + g % ${deliveries}
        JOIN variants v ON v.id = d.variant_id
        JOIN mailings m ON m.id = v.mailing_id`),
    );
  // Building the indexes once after loading is far faster than maintaining them per row;
  // the (delivery, email) ones stay for the triggers that flag each earliest record.
  const indexes = await rows<{ name: string; definition: string }>(
    db,
    sql`SELECT indexname AS name, indexdef AS definition FROM pg_indexes
        WHERE tablename IN ('stat_opens', 'stat_clicks', 'stat_bounces')
          AND indexname NOT LIKE '%_pkey' AND indexname NOT LIKE '%_delivery_email%'`,
  );
  for (const index of indexes) await db.execute(sql.raw(`DROP INDEX ${index.name}`));
  await records('stat_opens', opens, '', '');
  await records(
    'stat_clicks',
    Math.round(opens / 5),
    ', url',
    `, 'https://shop.example/p/' || floor(power(random(), 2) * 8)::int`,
  );
  await records('stat_bounces', Math.round(opens / 50), ', hard', ', random() < 0.3');
  for (const index of indexes) await db.execute(sql.raw(index.definition));
  await db.execute(sql`ANALYZE`);
}

const cases: [string, string][] = [
  ['opens, unfiltered (page 1 + count)', '/opens'],
  ['opens, page 200', '/opens?page=200'],
  ['opens, mailing', '/opens?mailing=7'],
  ['opens, campaign', '/opens?campaign=2'],
  ['opens, date', '/opens?date={day}'],
  ['opens, to_datetime (>=, last 30 days)', '/opens?to_datetime={month}'],
  ['opens, from_datetime (<=, up to 30 days ago)', '/opens?from_datetime={month}'],
  ['opens, mailing + unique', '/opens?mailing=7&unique=true'],
  ['opens, campaign + unique', '/opens?campaign=2&unique=true'],
  ['opens, unique unfiltered', '/opens?unique=true'],
  ['opens, campaign + range + unique', '/opens?campaign=2&to_datetime={month}&unique=1'],
  ['clicks, url', '/clicks?url=https://shop.example/p/3'],
  ['clicks, mailing + url + unique', '/clicks?mailing=7&url=https://shop.example/p/1&unique=true'],
  ['bounces, hard', '/bounces?hard=true'],
  ['bounces, campaign + hard', '/bounces?campaign=3&hard=false'],
  ['series opens by day, unfiltered', '/opens/series?interval=day'],
  ['series opens by hour, mailing', '/opens/series?interval=hour&mailing=7'],
  ['series opens by day, campaign + unique', '/opens/series?interval=day&campaign=2&unique=true'],
  ['series clicks by day, unique', '/clicks/series?interval=day&unique=true'],
  ['top urls, unfiltered', '/clicks/urls'],
  ['top urls, campaign + unique', '/clicks/urls?campaign=2&unique=true'],
];

export async function run() {
  const database = await openDatabase({ memory: true });
  await database.migrate();
  await usersRepository(database.db).create('bench@example.com', 'bench-password');
  const started = performance.now();
  await generateStatistics(database.db, OPENS);
  const total = Math.round(OPENS * (1 + 1 / 5 + 1 / 50));
  console.log(
    `   generated ${total.toLocaleString('en')} records in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const app = await buildApp({ database });
  const day = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
  const month = new Date(Date.now() - 30 * 86_400_000).toISOString();
  for (const [label, path] of cases) {
    const url = `/api/v1/statistics${path.replace('{day}', day).replace('{month}', month)}`;
    const times = await measure(app, url, 3);
    console.log(`   ${label.padEnd(48)} ${times}`);
  }
  await app.close();
  await database.close();
}

async function measure(app: App, url: string, repeat: number): Promise<string> {
  const authorization = `Basic ${Buffer.from('bench@example.com:bench-password').toString('base64')}`;
  const times: number[] = [];
  let status = 0;
  let count: unknown;
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { authorization } });
    times.push(performance.now() - t0);
    status = res.statusCode;
    const body = res.json() as { count?: number } | unknown[];
    count = Array.isArray(body) ? `${body.length} rows` : `count ${body.count}`;
  }
  const best = Math.min(...times).toFixed(0);
  return `${String(status)} best ${best.padStart(6)} ms  (${String(count)})`;
}
