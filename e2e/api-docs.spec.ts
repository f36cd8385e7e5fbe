import { expect, signIn, test } from './support/fixtures';

test.describe('API reference', () => {
  test('renders the OpenAPI document under the strict CSP, extensions marked', async ({ page }) => {
    await signIn(page, '/lists');
    // The reference loads lazily: its code is not part of the first screen's requests.
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'API reference' })
      .click();
    await expect(page.getByRole('heading', { name: 'API reference', level: 1 })).toBeVisible();
    expect(scripts.some((url) => /api-docs/.test(url))).toBe(true);

    const create = page.getByRole('region', { name: 'POST /api/v1/lists', exact: true });
    await expect(create).toBeVisible();
    await expect(
      create.getByRole('table', { name: 'Parameters of POST /api/v1/lists' }).getByText('name', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(create.getByText('Extension')).toHaveCount(0);

    const mailing = page.getByRole('region', { name: 'GET /api/v1/mailings/{id}', exact: true });
    await expect(mailing.getByText('Extension')).toBeVisible();

    // The page_size parameter of a spec operation is marked, the spec's `email` filter not.
    const subscribers = page.getByRole('table', {
      name: 'Parameters of GET /api/v1/lists/{list_id}/subscribers',
    });
    await expect(
      subscribers.getByRole('row', { name: /page_size/ }).getByText('Extension'),
    ).toBeVisible();
    await expect(
      subscribers.getByRole('row', { name: /^email/ }).getByText('Extension'),
    ).toHaveCount(0);
  });
});
