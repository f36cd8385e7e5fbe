import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures';

/**
 * The statistics screen on the demo data (server/demo/mailing-plans.ts): mailings sent
 * over the last 30 days with opens, clicks and bounces. Statistics are read-only, so these
 * specs only read what the demo loader created; they look mailings up by their demo names
 * and never rely on exact counts (times are relative to when the server started).
 */
const DEMO_MAILING = 'Neu: Hüttentouren';
const OTHER_MAILING = 'Frühbucher: letzte Tage';

async function mailingId(api: APIRequestContext, name: string): Promise<number> {
  const response = await api.get('/api/v1/mailings', { params: { page_size: 1000 } });
  const { results } = (await response.json()) as { results: { id: number; name: string }[] };
  const found = results.find((m) => m.name === name);
  expect(found, `demo mailing "${name}"`).toBeTruthy();
  return found!.id;
}

const figure = (page: Page, name: string) => page.getByRole('figure', { name });

/** The count in a chart's caption: "1,234 opens in total, per day (UTC)". */
async function captionTotal(card: Locator): Promise<number> {
  const text = await card.getByText(/in total, per/).innerText();
  return Number(text.match(/^([\d,]+)/)![1]!.replace(/,/g, ''));
}

/** "1–25 of 1,077" under the records table. */
async function recordsTotal(page: Page): Promise<number> {
  const text = await page.getByText(/^\d+–\d+ of [\d,]+$/).innerText();
  return Number(text.split(' of ')[1]!.replace(/,/g, ''));
}

test('charts of a mailing render non-empty series, with table alternatives', async ({
  page,
  api,
}) => {
  const id = await mailingId(api, DEMO_MAILING);
  await signIn(page, `/statistics?mailing=${id}`);
  await expect(page.getByRole('heading', { name: 'Statistics' })).toBeVisible();

  for (const title of ['Opens over time', 'Clicks over time', 'Bounces over time']) {
    const card = figure(page, title);
    const line = card.locator('.recharts-line-curve');
    await expect(line).toHaveCount(1);
    await expect(line).toHaveAttribute('d', /^M[\d.]+,[\d.]+L/);
    expect(await captionTotal(card)).toBeGreaterThan(0);

    await card.getByRole('button', { name: `Show table of ${title}` }).click();
    const table = card.getByRole('table', { name: title });
    await expect(table.getByRole('columnheader', { name: 'Day (UTC)' })).toBeVisible();
    const total = await table.locator('tfoot td').first().innerText();
    expect(Number(total.replace(/,/g, ''))).toBe(await captionTotal(card));
  }

  const bars = figure(page, 'Top clicked links').getByRole('button', {
    name: /^Filter records by https:/,
  });
  expect(await bars.count()).toBeGreaterThan(1);
  const split = figure(page, 'Hard and soft bounces');
  await split.getByRole('button', { name: 'Show table of Hard and soft bounces' }).click();
  await expect(split.getByRole('rowheader', { name: DEMO_MAILING })).toBeVisible();
  await expect(page.getByText(/% of [\d,]+ active subscribers opened/)).toBeVisible();
});

test('switching to unique changes the numbers', async ({ page, api }) => {
  const id = await mailingId(api, DEMO_MAILING);
  await signIn(page, `/statistics?mailing=${id}`);
  const opens = figure(page, 'Opens over time');
  await expect(opens.getByText(/opens in total/)).toBeVisible();
  const all = await captionTotal(opens);
  await expect(page.getByText(/^1–25 of/)).toBeVisible();
  const allRecords = await recordsTotal(page);
  expect(allRecords).toBe(all);

  await page.getByRole('radiogroup', { name: 'Count' }).getByText('Unique').click();
  await expect(page).toHaveURL(/[?&]unique=1/);
  await expect(opens.getByText(/unique opens in total/)).toBeVisible();
  const unique = await captionTotal(opens);
  expect(unique).toBeGreaterThan(0);
  expect(unique).toBeLessThan(all);
  await expect.poll(() => recordsTotal(page)).toBe(unique);

  await page.goBack();
  await expect(opens.getByText(/^[\d,]+ opens in total/)).toBeVisible();
  expect(await captionTotal(opens)).toBe(all);
});

test('a click on a link bar filters the records by that link', async ({ page, api }) => {
  const id = await mailingId(api, DEMO_MAILING);
  await signIn(page, `/statistics?mailing=${id}`);
  const bars = figure(page, 'Top clicked links').getByRole('button', {
    name: /^Filter records by /,
  });
  await expect(bars.nth(1)).toBeVisible();
  // The second link, so the filter cannot pass by showing the most clicked one anyway.
  const label = (await bars.nth(1).getAttribute('aria-label'))!;
  const [, url, clicks] = label.match(/^Filter records by (\S+) \(([\d,]+) clicks\)$/)!;
  await bars.nth(1).click();

  await expect(page).toHaveURL(
    new RegExp(`[?&]url=${encodeURIComponent(url!).replace(/[.?]/g, '\\$&')}`),
  );
  await expect(page).toHaveURL(/[?&]records=clicks/);
  await expect(bars.nth(1)).toHaveAttribute('aria-pressed', 'true');
  const table = page.getByRole('table', { name: 'Clicks records' });
  await expect(table.getByRole('columnheader', { name: 'Link' })).toBeVisible();
  await expect.poll(() => recordsTotal(page)).toBe(Number(clicks!.replace(/,/g, '')));
  const links = await table.locator('tbody tr td:nth-child(4)').allInnerTexts();
  expect(links.length).toBeGreaterThan(0);
  expect(new Set(links)).toEqual(new Set([url]));
  expect(await captionTotal(figure(page, 'Clicks over time'))).toBe(
    Number(clicks!.replace(/,/g, '')),
  );

  await page.getByRole('button', { name: 'Clear the link filter' }).click();
  await expect(page).not.toHaveURL(/[?&]url=/);
});

test('changing the range updates the URL and the data', async ({ page, api }) => {
  const id = await mailingId(api, DEMO_MAILING);
  await signIn(page, `/statistics?mailing=${id}`);
  const opens = figure(page, 'Opens over time');
  await expect(opens.getByText(/in total, per day \(UTC\)/)).toBeVisible();
  const month = await captionTotal(opens);

  // The demo mailing went out 12 days ago (and again 10 days ago): a four-day window
  // around the first delivery holds part of its opens, per hour.
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Start', { exact: true }).fill(day(-13));
  await expect(page).toHaveURL(new RegExp(`start=${day(-13)}`));
  await page.getByLabel('End', { exact: true }).fill(day(-10));
  await expect(page).toHaveURL(new RegExp(`start=${day(-13)}&end=${day(-10)}`));
  await expect(opens.getByText(/in total, per hour \(UTC\)/)).toBeVisible();
  const window = await captionTotal(opens);
  expect(window).toBeGreaterThan(0);
  expect(window).toBeLessThan(month);
  await opens.getByRole('button', { name: 'Show table of Opens over time' }).click();
  await expect(opens.getByRole('columnheader', { name: 'Hour (UTC)' })).toBeVisible();
  await expect(opens.getByRole('table').locator('tbody tr')).toHaveCount(4 * 24);

  // A single day is the API's `date` filter.
  await page.getByRole('radiogroup', { name: 'Period (UTC)' }).getByText('Single day').click();
  await expect(page).toHaveURL(new RegExp(`day=${day(-10)}`));
  await expect(opens.getByRole('table').locator('tbody tr')).toHaveCount(24);

  await page.reload();
  await expect(page.getByLabel('Day', { exact: true })).toHaveValue(day(-10));
});

test('several mailings overlaid and aligned on their delivery', async ({ page, api }) => {
  const a = await mailingId(api, DEMO_MAILING);
  const b = await mailingId(api, OTHER_MAILING);
  await signIn(page, `/statistics?mailing=${a}&mailing=${b}`);
  const opens = figure(page, 'Opens over time');
  await expect(opens.locator('.recharts-line-curve')).toHaveCount(2);
  await expect(opens.getByRole('list', { name: 'Legend' }).getByRole('listitem')).toHaveText([
    DEMO_MAILING,
    OTHER_MAILING,
  ]);
  await expect(
    page.getByRole('table', { name: 'Headline numbers' }).locator('tbody tr'),
  ).toHaveCount(2);

  const align = page.getByRole('switch', { name: 'Align on time since delivery' });
  await expect(align).toBeEnabled();
  await align.focus();
  await page.keyboard.press('Space');
  await expect(align).toBeChecked();
  await expect(page).toHaveURL(/align=delivery/);
  await opens.getByRole('button', { name: 'Show table of Opens over time' }).click();
  const table = opens.getByRole('table', { name: 'Opens over time' });
  await expect(table.getByRole('columnheader', { name: 'Days since delivery' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Day 0', exact: true })).toBeVisible();
});

test('without the chart extensions the browser counts the same numbers', async ({ page, api }) => {
  const id = await mailingId(api, DEMO_MAILING);
  await signIn(page, `/statistics?mailing=${id}&unique=1`);
  const opens = figure(page, 'Opens over time');
  await expect(opens.getByText(/unique opens in total/)).toBeVisible();
  const fromServer = await captionTotal(opens);
  const topLink = await figure(page, 'Top clicked links')
    .getByRole('button', { name: /^Filter records by / })
    .first()
    .getAttribute('aria-label');

  // Another deployment of the API: no series, no top links (404).
  await page.route(/\/api\/v1\/statistics\/[a-z]+\/(series|urls)/, (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: '{"detail":"Not found."}',
    }),
  );
  await page.reload();
  await expect(page.getByText(/Charts counted in your browser from the raw records/)).toBeVisible();
  await expect(opens.getByText(/unique opens in total/)).toBeVisible();
  expect(await captionTotal(opens)).toBe(fromServer);
  await expect(
    figure(page, 'Top clicked links')
      .getByRole('button', { name: /^Filter records by / })
      .first(),
  ).toHaveAttribute('aria-label', topLink!);
});

test('exports the filtered records as CSV across pages', async ({ page, api }) => {
  // A campaign's two mailings together have more than one export page (1,000 records each)
  // of opens, so the file is assembled from pages.
  const response = await api.get('/api/v1/campaigns');
  const campaigns = (await response.json()) as { results: { id: number; name: string }[] };
  const campaign = campaigns.results.find((c) => c.name === 'Wandersommer')!;
  const ids = [await mailingId(api, 'Wandersommer 2025'), await mailingId(api, OTHER_MAILING)];
  await signIn(page, `/statistics?campaign=${campaign.id}`);
  await expect(page.getByRole('table', { name: 'Opens records' })).toBeVisible();
  await expect(page.getByText(/^1–\d+ of/)).toBeVisible();
  const total = await recordsTotal(page);
  expect(total).toBeGreaterThan(1000);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^opens-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await file.path(), 'utf8').replace(/^\uFEFF/, '');
  const lines = text.trim().split('\r\n');
  expect(lines[0]).toBe('datetime,mailing,mailing_name,email');
  expect(lines).toHaveLength(total + 1);
  const mailingsInFile = new Set(lines.slice(1).map((line) => Number(line.split(',')[1])));
  expect([...mailingsInFile].sort()).toEqual([...ids].sort());
});
