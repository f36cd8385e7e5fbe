import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { endOfLifeNotice } from './lib/node-support.js';

/**
 * `npm start`: builds the SPA when dist/ is missing or older than its sources, then starts
 * the server, which serves dist/ and /api/v1 from one origin.
 */
const notice = endOfLifeNotice(process.version, new Date());
if (notice) console.warn(notice);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'dist', 'index.html');

function newestSource(): number {
  const inputs = [
    'src',
    'contract',
    'public',
    'build',
    'index.html',
    'vite.config.ts',
    'lingui.config.ts',
    'package-lock.json',
  ];
  let newest = 0;
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) for (const entry of readdirSync(p)) visit(path.join(p, entry));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const input of inputs) visit(path.join(root, input));
  return newest;
}

if (!existsSync(built) || statSync(built).mtimeMs < newestSource()) {
  console.log('Building the dashboard (dist/ is missing or stale)…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { main } = await import('./main.js');
await main();
