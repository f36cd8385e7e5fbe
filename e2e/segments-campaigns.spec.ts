import type { Page } from '@playwright/test';
import { create, createList, expect, signIn, test, unique } from './support/fixtures';

async function chooseList(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'List', exact: true }).fill(name);
  await page.getByRole('option', { name }).click();
}

test.describe('segments and campaigns in the composer', () => {
  test('picks segments by name with their reach, creates a campaign by name, shows names after', async ({
    page,
    api,
  }) => {
    const list = await createList(api);
    for (const email of ['a@x.example', 'b@x.example', 'c@x.example'])
      await create(api, `/lists/${list.id}/subscribers`, { email });
    await create(api, `/lists/${list.id}/segments`, {
      name: 'Everyone here',
      filter: {},
    });
    const campaignName = unique('Spring campaign');
    const name = unique('Segmented mailing');

    await signIn(page, '/mailings/new');
    await chooseList(page, list.name);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('combobox', { name: 'Segments' }).click();
    await page.getByRole('option', { name: 'Everyone here (3 people)' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'New campaign' }).fill(campaignName);
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await expect(page.getByRole('combobox', { name: 'Campaign', exact: true })).toHaveValue(
      campaignName,
    );
    await page.getByLabel('Subject').fill('Hello segment');
    await page.getByText('Plain text', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Text', exact: true }).fill('For the segment.');

    await page.getByRole('button', { name: 'Review' }).click();
    const summary = page.getByRole('table', { name: 'Mailing' });
    await expect(summary.getByRole('row', { name: /Campaign/ })).toContainText(campaignName);
    await expect(summary.getByRole('row', { name: /Segments/ })).toContainText('Everyone here');

    const request = page.waitForRequest(
      (r) => r.url().endsWith('/api/v1/mailings') && r.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Create mailing' }).click();
    const body = (await request).postDataJSON() as { campaign: number; segments: number[] };
    expect(body.segments).toHaveLength(1);
    expect(typeof body.campaign).toBe('number');

    const view = page.getByRole('table', { name: 'Mailing' });
    await expect(view.getByRole('row', { name: /Campaign/ })).toContainText(campaignName);
    await expect(view.getByRole('row', { name: /Segments/ })).toContainText('Everyone here');
    await expect(view.getByRole('row', { name: /List/ })).toContainText(list.name);
  });
});

test('without the segments and campaigns extensions the composer asks for ids and statistics hide the comparison', async ({
  page,
  api,
}) => {
  const list = await createList(api);
  // Another deployment of the API (proxy mode): neither extension exists there (404).
  await page.route(/\/api\/v1\/(campaigns|lists\/\d+\/segments)/, (route) =>
    route.fulfill({ status: 404, json: { detail: 'Not found.' } }),
  );
  await signIn(page, '/mailings/new');
  await chooseList(page, list.name);
  await expect(page.getByText('Optional: segment ids. Press Enter after each.')).toBeVisible();
  await expect(
    page.getByText('Optional: a campaign id. Campaigns of existing mailings are suggested.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create campaign' })).toHaveCount(0);

  await page.goto('/statistics');
  await expect(page.getByRole('heading', { name: 'Statistics' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Campaign comparison' })).toHaveCount(0);
});
