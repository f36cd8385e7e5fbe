import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';

const ADMIN = { username: 'bench-admin@example.com', password: 'bench-password-123' };
const PORT = Number(process.env.BENCH_PORT ?? 8814);

export type Download = { url: string; gzip: number; raw: number };
export type FirstScreen = { signIn: Download[]; lists: Download[]; preloads: string[] };

/**
 * What a fresh browser (no cache) downloads, measured in Chromium against the real server
 * serving `distDir`: the scripts requested before the sign-in screen painted, and all of
 * them once the lists screen shows after signing in. The server sends the files
 * uncompressed; each is counted gzipped (level 6), as a compressing proxy would send it.
 * "Requested before it painted" rather than "arrived before the test saw it": what the app
 * prefetches once the browser is idle after the paint is not part of the first screen.
 */
export async function measureFirstScreen(distDir: string): Promise<FirstScreen> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mailboard-bundle-data-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    DIST_DIR: distDir,
    DATA_DIR: dataDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_DATA: '1',
    DEMO_LIVE_DELIVERY: '0',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.UPSTREAM_API_URL;
  const server = spawn('node', ['--import', 'tsx', 'server/main.ts'], { env, stdio: 'inherit' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await waitForServer(base);
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await page.addInitScript(markWhenShown);
    // The lists screen, as before issue 56 made the home the landing page: sign-in returns here.
    await page.goto(`${base}/lists`);
    const signInShown = await shownAt(page, 'sign-in');
    const signIn = await scriptsBefore(page, signInShown, distDir);
    // Those in the page as served (the preload helper adds more for each lazy import).
    const html = await (await fetch(`${base}/`)).text();
    const preloads = [...html.matchAll(/rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
      (m) => m[1]!,
    );
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const lists = await scriptsBefore(page, await shownAt(page, 'lists'), distDir);
    await context.close();
    return { signIn, lists, preloads };
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function waitForServer(base: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/v1/session`)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start');
}

/**
 * Runs in the page: notes (performance.now) the frame in which each screen first showed:
 * the sign-in heading, then the lists screen's table with a row of data. A string, not a
 * function: tsx would wrap a function's inner names in a helper the page does not have.
 */
const markWhenShown = `
  const marks = (window.__shown = {});
  const mark = (name) => requestAnimationFrame(() => (marks[name] ??= performance.now()));
  new MutationObserver(() => {
    const h1 = document.querySelector('h1')?.textContent ?? '';
    if (!marks['sign-in'] && h1.includes('Sign in to Mailboard')) mark('sign-in');
    if (!marks.lists && h1.trim() === 'Lists' && document.querySelector('table tbody tr td'))
      mark('lists');
  }).observe(document, { childList: true, subtree: true });
`;

async function shownAt(page: Page, screen: string): Promise<number> {
  // A function, not a string: the page's CSP has no 'unsafe-eval'.
  const handle = await page.waitForFunction(
    (name) => (globalThis as unknown as { __shown: Record<string, number> }).__shown[name],
    screen,
    { timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}

async function scriptsBefore(page: Page, time: number, distDir: string): Promise<Download[]> {
  const urls = await page.evaluate(
    (before) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime <= before && new URL(e.name).pathname.endsWith('.js'))
        .map((e) => e.name),
    time,
  );
  return [...new Set(urls)].map((url) => {
    const body = readFileSync(path.join(distDir, new URL(url).pathname));
    return { url, raw: body.length, gzip: gzipSync(body).length };
  });
}
