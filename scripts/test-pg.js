// Runs the server tests a second time against the PostgreSQL server in DATABASE_URL (each
// test file creates and drops its own database there). Skipped, saying so, without it.
//
// Only the files whose database the run can change: those that open one through the test
// harness (server/test/harness.ts, server/test/database.ts) or read TEST_DATABASE_URL
// themselves. The others (parsers, rules, and the DATA_DIR tests, which run real processes
// on PGlite whatever the runner is given) would only repeat the first run exactly.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const url = process.env.DATABASE_URL;
if (!url) {
  console.log('test:pg skipped: DATABASE_URL is not set (CI sets it; see README).');
  process.exit(0);
}

const usesTheDatabase = /test\/harness\.js|test\/database\.js|TEST_DATABASE_URL/;
const files = ['server', 'contract', 'scripts']
  .flatMap((dir) => readdirSync(dir, { recursive: true }).map((f) => path.join(dir, f)))
  .filter((file) => file.endsWith('.test.ts') && !file.includes('node_modules'))
  .filter((file) => usesTheDatabase.test(readFileSync(file, 'utf8')))
  .sort();
console.log(`test:pg: ${files.length} test files that open a database, on ${new URL(url).host}`);

const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...files], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
