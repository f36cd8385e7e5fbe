// Runs the server test suite a second time against the PostgreSQL server in DATABASE_URL
// (each test file creates and drops its own database there). Skipped, saying so, without it.
import { spawnSync } from 'node:child_process';

const url = process.env.DATABASE_URL;
if (!url) {
  console.log('test:pg skipped: DATABASE_URL is not set (CI sets it; see README).');
  process.exit(0);
}
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
