import { readConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { promptNewPassword, readFirstLine, type TtyInput } from './password-input.js';
import { usersCommand } from './users-command.js';

/**
 * `npm run users -- add|passwd|remove|list`: the same DATA_DIR / DATABASE_URL as the server.
 * The embedded database (PGlite) is one process's at a time: while a server holds the
 * DATA_DIR, this exits with a message naming it (data-dir-lock.ts).
 */
async function main(): Promise<number> {
  const config = readConfig();
  if (config.UPSTREAM_API_URL) {
    console.error('Note: UPSTREAM_API_URL is set; this manages the users of the local database.');
  }
  const database = await openDatabase(
    config.DATABASE_URL
      ? { databaseUrl: config.DATABASE_URL }
      : { dataDir: config.DATA_DIR, purpose: 'npm run users' },
  );
  try {
    await database.migrate();
    return await usersCommand(process.argv.slice(2), database.db, {
      readPassword: () =>
        process.stdin.isTTY
          ? promptNewPassword(process.stdin as TtyInput, process.stderr)
          : readFirstLine(process.stdin),
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
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
