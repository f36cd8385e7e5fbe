import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.js';
import { replay } from '../server/features/sending/links/classify/replay.js';
import { reasonsOf } from '../server/features/sending/links/classify/classify.js';

export const name =
  'Human or machine (issue 51): the labelled replay set, and the rules per hit (PGlite in memory)';

/**
 * Precision and recall of `human` over the replay set (target both ≥ 0.95), and what the
 * rules cost one hit on the hot path. The redirect's and the pixel's rates with
 * classification on are delivery.bench.ts's (they need PostgreSQL).
 */
export async function run() {
  const database = await openDatabase({ memory: true });
  try {
    await database.migrate();
    const { db } = database;
    await db.execute(sql`INSERT INTO lists (name, default_from_name, default_from_email, languages)
      VALUES ('Bench', 'Bench', 'bench@example.com', '{en}')`);
    await db.execute(sql`INSERT INTO mailings (list_id, name) VALUES (1, 'Replay')`);
    await db.execute(sql`INSERT INTO variants (mailing_id, position, from_name, from_email, subject)
      VALUES (1, 0, 'Bench', 'bench@example.com', 'Replay')`);
    await db.execute(sql`INSERT INTO deliveries (variant_id, scheduled_datetime)
      VALUES (1, '2024-01-01T00:00:00Z')`);
    const result = await replay(db, { id: 1, mailing: 1 });
    console.log(
      `   replay set: ${result.hits} hits; human precision ${result.precision.toFixed(3)}, recall ${result.recall.toFixed(3)} (targets ≥ 0.95)`,
    );
    for (const w of result.wrong)
      console.log(`     wrong: ${w.source} (${w.label}) classified ${w.class}`);
    const agent =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
    const N = 100_000;
    const started = performance.now();
    for (let i = 0; i < N; i++)
      reasonsOf({
        address: `81.2.${i % 250}.${i % 200}`,
        agent,
        head: false,
        seconds: null,
        trap: false,
      });
    const micros = ((performance.now() - started) * 1000) / N;
    console.log(`   rules of one hit (a browser's click): ${micros.toFixed(1)} µs`);
  } finally {
    await database.close();
  }
}
