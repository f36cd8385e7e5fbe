import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { createList, expect, signIn, test } from './support/fixtures';
import { addSubscriber, getSubscriber, importSubscribers, setState } from './subscribers-support';

const table = (page: Page) => page.getByRole('table', { name: 'Subscribers' });
const row = (page: Page, email: string) => table(page).getByRole('row').filter({ hasText: email });
const emails = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(4, '0')}@example.com`);

test.describe('subscribers in bulk', () => {
  test('all N matching: impact by state, progress, per-item report', async ({ page, api }) => {
    const list = await createList(api);
    const prefix = `all${Date.now()}`;
    await importSubscribers(api, list.id, emails(prefix, 30));
    const { results } = (await (
      await api.get(`/api/v1/lists/${list.id}/subscribers?page_size=2`)
    ).json()) as { results: { id: number }[] };
    for (const { id } of results) await setState(api, list.id, id, 'unsubscribed');

    await signIn(page, `/lists/${list.id}/subscribers`);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await expect(page.getByText('25 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Select all 30 matching' }).click();
    await expect(page.getByText('All 30 matching subscribers selected')).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe selected' }).click();

    const dialog = page.getByRole('dialog');
    const impact = dialog.getByRole('table', { name: 'Impact' });
    await expect(impact.getByRole('row', { name: /^Active 28 → Unsubscribed/ })).toBeVisible();
    await expect(
      impact.getByRole('row', { name: /^Unsubscribed 2 No change \(already unsubscribed\)/ }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Unsubscribe 28 subscribers' }).click();
    const report = dialog.getByRole('region', { name: 'Report' });
    await expect(report).toContainText('Done28');
    await expect(report).toContainText('Unchanged2');
    await expect(report).toContainText('Failed0');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('tab', { name: /^Unsubscribed/ })).toContainText('30');
    await expect(page.getByRole('region', { name: 'Selection' })).toHaveCount(0);
  });

  test('selected rows: a failing item is reported with its reason and rolled back', async ({
    page,
    api,
  }) => {
    const list = await createList(api);
    const stamp = Date.now();
    const a = await addSubscriber(api, list.id, { email: `a-${stamp}@example.com` });
    const b = await addSubscriber(api, list.id, { email: `b-${stamp}@example.com` });
    const c = await addSubscriber(api, list.id, { email: `c-${stamp}@example.com` });
    await signIn(page, `/lists/${list.id}/subscribers`);
    await page.route(`**/api/v1/lists/${list.id}/subscribers/${b.id}`, (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 404, json: { detail: 'Not found.' } })
        : route.fallback(),
    );
    await page.getByRole('checkbox', { name: `Select ${a.email}` }).check();
    await page.getByRole('checkbox', { name: `Select ${b.email}` }).check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Delete 2 subscribers' }).click();
    const report = dialog.getByRole('region', { name: 'Report' });
    await expect(report).toContainText('Done1');
    await expect(report).toContainText('Failed1');
    await expect(report.getByRole('list', { name: 'Failures' })).toContainText(
      `${b.email}: This item does not exist (any more).`,
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(row(page, a.email)).toHaveCount(0);
    await expect(row(page, b.email)).toContainText('Active');
    await expect(row(page, c.email)).toContainText('Active');
    expect((await getSubscriber(api, list.id, a.id)).subscription).toBe('deleted');
  });

  test('activation on a double-opt-in list offers both ways and says what each means', async ({
    page,
    api,
  }) => {
    const list = await createList(api, { double_opt_in: true });
    const stamp = Date.now();
    const subs = await Promise.all(
      [1, 2, 3].map((n) => addSubscriber(api, list.id, { email: `d${n}-${stamp}@example.com` })),
    );
    await setState(api, list.id, subs[2]!.id, 'unsubscribed');
    await signIn(page, `/lists/${list.id}/subscribers`);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await page.getByRole('button', { name: 'Activate selected' }).click();
    const dialog = page.getByRole('dialog');
    await expect(
      dialog.getByText('becomes pending and receives mailings only after'),
    ).toBeVisible();
    // Sending the opt-in leaves the pending ones as they are.
    await expect(
      dialog.getByRole('button', { name: 'Send the opt-in to 1 subscriber' }),
    ).toBeVisible();
    await dialog.getByRole('radio', { name: 'Confirm directly (active)' }).check();
    await dialog.getByRole('button', { name: 'Confirm 3 subscribers directly' }).click();
    await expect(dialog.getByRole('region', { name: 'Report' })).toContainText('Done3');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('tab', { name: /^Active/ })).toContainText('3');
  });

  test('exports the current filter across pages as CSV, escaping formulas', async ({
    page,
    api,
  }) => {
    const list = await createList(api);
    const stamp = Date.now();
    const evil = await addSubscriber(api, list.id, {
      email: `evil-${stamp}@example.com`,
      first_name: '=HYPERLINK("http://x")',
    });
    await addSubscriber(api, list.id, { email: `kept-${stamp}@example.com` });
    await setState(api, list.id, evil.id, 'unsubscribed');
    await signIn(page, `/lists/${list.id}/subscribers?subscription=unsubscribed`);
    await expect(row(page, evil.email)).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/-unsubscribed-subscribers\.csv$/);
    const text = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toContain('email');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(evil.email);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
  });

  test('a 1,000-row page renders only the rows in view', async ({ page, api }) => {
    const list = await createList(api);
    const prefix = `v${Date.now()}`;
    await importSubscribers(api, list.id, emails(prefix, 1005));
    await signIn(page, `/lists/${list.id}/subscribers?page_size=1000&ordering=email`);
    await expect(page.getByText('1–1,000 of 1,005')).toBeVisible();
    await expect(row(page, `${prefix}-0000@`)).toBeVisible();
    expect(await table(page).getByRole('row').count()).toBeLessThan(100);
    const scroller = page.getByRole('region', { name: '1,000 rows, scroll to see more' });
    await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(row(page, `${prefix}-0999@`)).toBeVisible();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(row(page, `${prefix}-1004@`)).toBeVisible();
  });
});
