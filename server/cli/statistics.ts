import { sql } from 'drizzle-orm';
import { readConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { reclassifyHits } from '../features/sending/index.js';

const USAGE = `Usage: npm run statistics -- reclassify

Recomputes whether each stored open and click was a person or a machine, and why, with the
current rules and signal lists (server/features/sending/links/classify/signals/*.json).
No hit is added or removed; the audit log records the run.`;

/**
 * `npm run statistics -- reclassify` (issue 51 item 6; docs/decisions/human-machine.md): the
 * same DATA_DIR / DATABASE_URL as the server. PGlite's DATA_DIR is one process's at a time:
 * stop the server first, or use the admins' button (POST /api/v1/statistics/reclassify).
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0] !== 'reclassify') {
    console.error(USAGE);
    return 2;
  }
  const config = readConfig();
  const database = await openDatabase(
    config.DATABASE_URL
      ? { databaseUrl: config.DATABASE_URL }
      : { dataDir: config.DATA_DIR, purpose: 'npm run statistics' },
  );
  try {
    await database.migrate();
    const result = await reclassifyHits(database.db);
    // As the audit trail records the admins' button, by the command's name and the OS user.
    await database.db.execute(sql`
      INSERT INTO audit_log (time, username, method, route, action, resource_type, address, status)
      VALUES (now(), ${`cli:${process.env.USER ?? 'unknown'}`}, 'CLI',
              'npm run statistics -- reclassify', 'statistics.reclassify', 'statistics',
              'localhost', 200)`);
    for (const kind of ['opens', 'clicks'] as const)
      console.log(
        `${kind}: ${result[kind].checked} checked, ${result[kind].changed} changed class or reasons`,
      );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
