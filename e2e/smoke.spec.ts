import { expect, test } from '@playwright/test';

test('the server serves the dashboard at / and for deep links', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Mailboard' })).toBeVisible();
  await page.goto('/lists/1');
  await expect(page.getByRole('heading', { name: 'Mailboard' })).toBeVisible();
});
