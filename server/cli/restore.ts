import { readConfig } from '../config.js';
import { formatBytes, restoreDataDir } from '../db/backup.js';

const USAGE = `Usage: npm run restore -- FILE [--force]

Loads a backup written by "npm run backup" into DATA_DIR, which must be empty (or --force
to replace its contents). No server may run on DATA_DIR meanwhile.`;

/** `npm run restore -- FILE [--force]` (README, "Backups"). */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const config = readConfig();
  if (config.DATABASE_URL) {
    console.error(
      'DATABASE_URL is set: restore PostgreSQL with pg_restore (see README, "Backups").',
    );
    return 2;
  }
  const result = await restoreDataDir(files[0]!, config.DATA_DIR, force);
  console.log(
    `Restored ${files[0]} (${formatBytes(result.bytes)}) into ${config.DATA_DIR} ` +
      `(${formatBytes(result.dataDirBytes)} of database files` +
      (result.replaced > 0 ? `, replacing its previous contents` : '') +
      `): ${result.lists} lists, ${result.subscribers} subscribers.`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
