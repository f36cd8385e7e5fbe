import { admin, expect, signIn, test } from './support/fixtures';

test.describe('sign-in', () => {
  test('rejects a username without @ and a wrong password', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Username').fill('admin');
    await page.getByRole('textbox', { name: 'Password' }).fill('whatever');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Usernames contain “@”, like an email address.')).toBeVisible();

    await page.getByLabel('Username').fill(admin.username);
    await page.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('The username or password is not correct.');
    await expect(page).toHaveURL(/\/sign-in/);
  });

  test('signs in, shows the user, and signs out', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Lists', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Signed in as')).toHaveText(admin.username);
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(JSON.stringify(stored)).not.toContain(admin.password);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to Mailboard' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await page.goto('/lists');
    await expect(page).toHaveURL(/\/sign-in/);
  });

  test('a reload keeps the session of the tab', async ({ page }) => {
    await signIn(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Lists', level: 1 })).toBeVisible();
  });

  test('a session that ends elsewhere sends back to sign-in, then to where the user was', async ({
    page,
  }) => {
    await signIn(page, '/lists?ordering=-name');
    // The shell's own first requests (the header's people search, the outbox link) are done,
    // so the first request to meet the ended session is the navigation below. The people
    // search mounts only once the browser is idle, which on a busy machine can come after the
    // network has been quiet for a while: its box showing says its request was answered.
    await expect(page.getByRole('search', { name: 'Find people in all lists' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Signed out on the server (another tab, a password change): the cookie stops working.
    const ended = await page.request.delete('/api/v1/session', {
      headers: { 'X-Mailboard-Client': 'dashboard' },
    });
    expect(ended.status()).toBe(204);
    await page.getByRole('link', { name: 'Regions' }).click();
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fregions/);
    await expect(page.getByRole('status')).toContainText(
      'Your session has expired or your credentials changed — sign in again.',
    );
    await page.getByLabel('Username').fill(admin.username);
    await page.getByRole('textbox', { name: 'Password' }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/regions$/);
    await expect(page.getByRole('heading', { name: 'Regions', level: 1 })).toBeVisible();
  });

  test('an unknown address shows the not-found page inside the shell', async ({ page }) => {
    await signIn(page, '/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  });
});
