import { expect, signIn, test } from './support/fixtures';

test.describe('regions and languages', () => {
  test('searches regions, opens a subdivision and its country', async ({ page }) => {
    await signIn(page, '/regions');
    await page.getByRole('searchbox', { name: 'Search regions' }).fill('Bayern');
    await expect(page).toHaveURL(/search=Bayern/);
    const table = page.getByRole('table', { name: 'Regions' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('link', { name: 'Bayern' }).click();

    await expect(page.getByRole('heading', { name: 'Bayern', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'DE', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Germany', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Subdivisions' }).getByRole('link', { name: 'Bayern' }),
    ).toBeVisible();

    // The search survives going back.
    await page.goBack();
    await page.goBack();
    await expect(page.getByRole('searchbox', { name: 'Search regions' })).toHaveValue('Bayern');
  });

  test('lists and searches languages', async ({ page }) => {
    await signIn(page, '/regions');
    await page
      .getByRole('navigation', { name: 'Reference data' })
      .getByRole('link', { name: 'Languages' })
      .click();
    await page.getByRole('searchbox', { name: 'Search languages' }).fill('German');
    const table = page.getByRole('table', { name: 'Languages' });
    await expect(table.getByRole('cell', { name: 'German', exact: true })).toBeVisible();
    await expect(table.getByRole('cell', { name: 'de', exact: true })).toBeVisible();
  });
});
