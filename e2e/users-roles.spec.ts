import { createList, expect, signIn, test, unique } from './support/fixtures';

test.describe('users and roles', () => {
  test('an admin creates a support user, who then sees no send, import or delete controls', async ({
    page,
    api,
  }) => {
    test.slow(); // two sign-ins
    const list = await createList(api);
    await signIn(page, '/users');
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();

    const username = `${unique('support').replace(/\W+/g, '-')}@example.com`;
    const form = page.getByRole('form', { name: 'New user' });
    await form.getByRole('textbox', { name: 'Email address' }).fill(username);
    await form.getByRole('textbox', { name: 'Password' }).fill('support-password-1');
    await form.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'support' }).click();
    await form.getByRole('button', { name: 'Create user' }).click();
    await expect(page.getByText(`User ${username} created.`)).toBeVisible();
    await expect(page.getByRole('combobox', { name: `Role of ${username}` })).toHaveValue(
      'support',
    );

    // The support user, in a fresh session.
    await page.context().clearCookies();
    await page.goto(`/lists/${list.id}`);
    await page.getByLabel('Username').fill(username);
    await page.getByRole('textbox', { name: 'Password' }).fill('support-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: list.name, level: 1 })).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Lists' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'API tokens' })).toBeVisible();
    for (const hidden of ['Mailings', 'Import', 'Statistics', 'Users']) {
      await expect(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
    }
    await expect(page.getByRole('link', { name: 'Subscribers' })).toBeVisible();
    for (const hidden of ['Delete list', 'Edit', 'Import CSV']) {
      await expect(page.getByRole('button', { name: hidden, exact: true })).toHaveCount(0);
      await expect(page.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
    }
  });
});
