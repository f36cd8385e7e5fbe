import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type LaunchOptions, type Page } from '@playwright/test';

const ADMIN = { username: 'bench-admin@example.com', password: 'bench-password-123' };
const PORT = Number(process.env.BENCH_PORT ?? 8814);
/** How long the network must stay silent (no request in flight) to count as idle. */
const QUIET_MS = 500;

export type Download = { url: string; gzip: number; raw: number };
export type FirstScreen = {
  /** Requested before the sign-in form first painted: what the form itself needs. */
  signInForm: Download[];
  /** …and until the sign-in page is idle: the idle prefetch of the signed-in screens too. */
  signIn: Download[];
  /** Every script from opening the sign-in page until the lists screen is idle. */
  lists: Download[];
  preloads: string[];
};

/**
 * What a fresh browser (no cache) downloads, measured in Chromium (launched as the e2e
 * suite launches it, playwright.config.ts) against the real server serving `distDir`, as
 * issue 55 counts it: every script response from opening the sign-in page until that page
 * is idle, then (cumulatively) until the lists screen is idle after signing in. "Idle" is
 * the network quiet for QUIET_MS and the page's idle callbacks run (src/app/when-idle.ts),
 * repeated until a round starts no new request: what the app prefetches at idle is counted.
 * The server sends the files uncompressed; each body is counted gzipped at level 9.
 */
export async function measureFirstScreen(
  distDir: string,
  locales: readonly string[],
): Promise<Map<string, FirstScreen>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mailboard-bundle-data-'));
  // The same environment e2e/serve.ts gives the real server (no live delivery: quieter).
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
  delete env.SMTP_URL;
  const server = spawn('node', ['--import', 'tsx', 'server/main.ts'], { env, stdio: 'inherit' });
  const browser = await chromium.launch(await e2eLaunchOptions());
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await waitForServer(base);
    const screens = new Map<string, FirstScreen>();
    // One fresh context per locale: its Accept-Language picks the page's language (the
    // server writes `<html lang>`), and so which catalogs are fetched.
    for (const locale of locales) screens.set(locale, await firstScreenIn(browser, base, locale));
    return screens;
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function firstScreenIn(browser: Browser, base: string, locale: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale });
  const page = await context.newPage();
  const network = watchNetwork(page);
  await page.addInitScript(markWhenShown);
  // The lists screen, as before issue 56 made the home the landing page: sign-in returns here.
  await page.goto(`${base}/lists`);
  const formShown = await shownAt(page, 'sign-in');
  await untilIdle(page, network);
  const signIn = await network.scripts();
  const formScripts = new Set(await requestedBefore(page, formShown));
  const signInForm = signIn.filter((script) => formScripts.has(script.url));
  // Those in the page as served (the preload helper adds more for each lazy import).
  const html = await (await fetch(`${base}/`)).text();
  const preloads = [...html.matchAll(/rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  // By the form's structure, not its words: they are the locale's.
  await page.locator('input[name="username"]').fill(ADMIN.username);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/lists$/);
  await page.locator('table tbody tr td').first().waitFor();
  await untilIdle(page, network);
  const lists = await network.scripts();
  await context.close();
  return { signInForm, signIn, lists, preloads };
}

/** playwright.config.ts's launch options, read at run time (it is outside bench's tsconfig). */
async function e2eLaunchOptions(): Promise<LaunchOptions> {
  const url = pathToFileURL(path.resolve('playwright.config.ts')).href;
  const config = ((await import(url)) as { default: { use?: { launchOptions?: LaunchOptions } } })
    .default;
  const options = config.use?.launchOptions;
  if (!options?.executablePath) throw new Error('playwright.config.ts has no launchOptions');
  return options;
}

/** Requests in flight and every script the page received, in the order they arrived. */
function watchNetwork(page: Page) {
  let inFlight = 0;
  let started = 0;
  let lastChange = Date.now();
  const bodies = new Map<string, Promise<Buffer>>();
  page.on('request', () => {
    inFlight++;
    started++;
    lastChange = Date.now();
  });
  const settled = () => {
    inFlight--;
    lastChange = Date.now();
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    const script =
      response.request().resourceType() === 'script' ||
      /javascript/.test(type) ||
      /\.m?js$/.test(new URL(response.url()).pathname);
    if (script && response.ok() && !bodies.has(response.url()))
      bodies.set(response.url(), response.body());
  });
  return {
    requestsStarted: () => started,
    quiet: () => inFlight <= 0 && Date.now() - lastChange >= QUIET_MS,
    scripts: async (): Promise<Download[]> =>
      Promise.all(
        [...bodies].map(async ([url, body]) => {
          const bytes = await body;
          return { url, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
        }),
      ),
  };
}

/**
 * Until the page is idle: the network quiet, then two idle callbacks of the page (queued
 * after the app's own, which run first), then quiet again; repeated while a round started
 * a request (an idle prefetch that mounts what prefetches at idle in turn).
 */
type IdleWindow = {
  requestIdleCallback: (task: (deadline: unknown) => void, options: { timeout: number }) => void;
};

async function untilIdle(page: Page, network: ReturnType<typeof watchNetwork>) {
  for (let round = 0; round < 20; round++) {
    await until(network.quiet);
    const before = network.requestsStarted();
    for (let i = 0; i < 2; i++)
      await page.evaluate(
        () =>
          new Promise((resolve) =>
            (globalThis as unknown as IdleWindow).requestIdleCallback(resolve, { timeout: 5000 }),
          ),
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await until(network.quiet);
    if (network.requestsStarted() === before) return;
  }
  throw new Error('the page never became idle');
}

async function until(condition: () => boolean) {
  const deadline = Date.now() + 60_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the network never became quiet');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Runs in the page: notes (performance.now) the frame in which the sign-in form first
 * showed. A string, not a function: tsx would wrap a function's inner names in a helper the
 * page does not have.
 */
const markWhenShown = `
  const marks = (window.__shown = {});
  const mark = (name) => requestAnimationFrame(() => (marks[name] ??= performance.now()));
  new MutationObserver(() => {
    // The form's password field, whatever the locale's words.
    if (!marks['sign-in'] && document.querySelector('input[name="password"]')) mark('sign-in');
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

/** The scripts whose request started before `time` (the page's clock). */
async function requestedBefore(page: Page, time: number): Promise<string[]> {
  return page.evaluate(
    (before) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime <= before)
        .map((e) => e.name),
    time,
  );
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
