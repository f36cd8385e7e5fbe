import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The end-to-end server: a fresh build of the SPA and the real server on an empty temporary
 * PGlite (demo data included, so screens have something to show), never a real DATABASE_URL.
 * The build goes to a directory of its own, so runs in parallel (other ports) or a developer's
 * `dist/` never swap files under a running test.
 */
const workDir = mkdtempSync(path.join(tmpdir(), 'mailboard-e2e-'));
const distDir = path.join(workDir, 'dist');
const build = spawnSync(
  'npx',
  ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'],
  { stdio: 'inherit' },
);
if (build.status !== 0) process.exit(build.status ?? 1);

process.env.DIST_DIR = distDir;
process.env.DATA_DIR = path.join(workDir, 'data');
delete process.env.DATABASE_URL;
delete process.env.UPSTREAM_API_URL;
process.env.DEMO_DATA ??= '1';
// The demo's live delivery goes out seconds after the start, so demo-story.spec.ts sees it
// reach the Outbox without waiting minutes.
process.env.DEMO_LIVE_DELIVERY ??= '1';
process.env.DEMO_LIVE_DELIVERY_MINUTES ??= '0.1';
delete process.env.SMTP_URL;
// The brake (issue 52) within reach of a spec: bounces reported to the webhook, and a
// delivery judged after 20 messages instead of 500 (e2e/suppressions.spec.ts).
process.env.BOUNCE_WEBHOOK_TOKEN ??= 'e2e-bounce-webhook-token';
process.env.PAUSE_MIN_SENT ??= '20';
process.env.LOG_LEVEL ??= 'warn';

const { main } = await import('../server/main.js');
await main();
