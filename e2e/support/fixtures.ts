import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';

export { expect };
export const admin = E2E_ADMIN;

const basic = ({ username, password }: { username: string; password: string }) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/**
 * Specs share one server and one database: every spec creates the data it needs through
 * `api` (Basic auth as the e2e admin) under a `unique()` name, and never relies on another
 * spec's data or on the demo data's exact content.
 *
 * Every page also runs under the server's real Content-Security-Policy, and a test fails
 * when anything on the page breaks it (a `securitypolicyviolation` event, or Chromium's
 * console report of one, which also covers sandboxed frames where no script can listen),
 * or when any 401 reaching the page carries `WWW-Authenticate: Basic` (which would open
 * the browser's own credentials dialog over the dashboard).
 */
export const test = base.extend<{ api: APIRequestContext }>({
  page: async ({ page }, use) => {
    const problems: string[] = [];
    await page.exposeBinding('__reportCspViolation', (_source, text: string) => {
      problems.push(text);
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const report = (window as { __reportCspViolation?: (t: string) => void })
          .__reportCspViolation;
        report?.(
          `CSP ${e.effectiveDirective} blocked ${e.blockedURI || 'inline code'} ` +
            `on ${e.documentURI} (${e.sourceFile}:${e.lineNumber})`,
        );
      });
    });
    page.on('console', (message) => {
      if (!/Content Security Policy/i.test(message.text())) return;
      // The layout preview (an iframe's srcdoc) holds untrusted HTML: its CSP blocking the
      // layout's remote fonts or images there is the protection working, not a bug.
      if (message.location().url === 'about:srcdoc') return;
      problems.push(`${message.text()} (${message.location().url})`);
    });
    page.on('response', (response) => {
      const challenge = response.headers()['www-authenticate'] ?? '';
      if (response.status() === 401 && /^\s*basic/i.test(challenge))
        problems.push(`Basic challenge (browser dialog) on ${response.url()}`);
    });
    await use(page);
    expect(problems, 'CSP violations or Basic challenges on the page').toEqual([]);
  },
  api: async ({ playwright, baseURL }, use) => {
    const api = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { Authorization: basic(admin), Accept: 'application/json' },
    });
    await use(api);
    await api.dispose();
  },
});

/** A name no other spec (or earlier run) uses. */
export const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Signs in through the form, starting at `path` (sign-in returns there). */
export async function signIn(page: Page, path = '/lists') {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Sign in to Mailboard' })).toBeVisible();
  await page.getByLabel('Username').fill(admin.username);
  await page.getByRole('textbox', { name: 'Password' }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The signed-in shell's header (its sign-out is inside a menu on a phone).
  await expect(page.getByRole('banner')).toBeVisible();
}

/** POST /api/v1/<path> as the admin; fails the test on a non-2xx answer. */
export async function create<T = Record<string, unknown>>(
  api: APIRequestContext,
  path: string,
  data: unknown,
): Promise<T> {
  const response = await api.post(`/api/v1${path}`, { data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** A list with the required fields filled, named uniquely. */
export const createList = (api: APIRequestContext, overrides: Record<string, unknown> = {}) =>
  create<{ id: number; name: string }>(api, '/lists', {
    name: unique('E2E list'),
    default_from_name: 'E2E Sender',
    default_from_email: 'sender@example.com',
    ...overrides,
  });
