import { readConfig } from '../config.js';
import { backupDataDir, formatBytes } from '../db/backup.js';

const USAGE = `Usage: npm run backup -- FILE

Writes a gzipped copy of the embedded database in DATA_DIR to FILE. A server running on
DATA_DIR keeps running: the copy comes from it. With DATABASE_URL, use pg_dump instead.`;

/** `npm run backup -- FILE` (README, "Backups"). */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const config = readConfig();
  if (config.DATABASE_URL) {
    console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see README, "Backups").');
    return 2;
  }
  const result = await backupDataDir(config.DATA_DIR, args[0]!);
  console.log(
    `Backed up ${result.source}: ${formatBytes(result.dataDirBytes)} of database files ` +
      `into ${args[0]} (${formatBytes(result.bytes)}, gzip).`,
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
