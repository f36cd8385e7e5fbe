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

    // Only one list, read-only: the others do not exist for them.
    await page.getByRole('button', { name: `Lists of ${username}` }).click();
    const access = page.getByRole('dialog', { name: `Lists of ${username}` });
    await access.getByRole('radio', { name: 'Only the lists chosen below' }).check();
    await access.getByRole('textbox', { name: 'Find a list' }).fill(list.name);
    await access.getByRole('combobox', { name: list.name }).selectOption('read');
    await expect(access.getByRole('status')).toHaveText(/^1 of \d+ lists chosen$/);
    await access.getByRole('button', { name: 'Save lists' }).click();
    await expect(page.getByText(`${username} works on 1 list.`)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(username) })).toContainText('1 list');

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
    await nav.getByRole('link', { name: 'Lists' }).click();
    const table = page.getByRole('table', { name: 'Lists' });
    await expect(table.getByRole('link', { name: list.name })).toBeVisible();
    await expect(table.getByRole('link', { name: 'Acme Weekly' })).toHaveCount(0);

    // An API token for an integration: 90 days by default, shown once, refused once revoked.
    await nav.getByRole('link', { name: 'API tokens' }).click();
    await page.getByRole('textbox', { name: 'Token name' }).fill('CRM sync');
    await expect(page.getByRole('combobox', { name: 'Expires' })).toHaveValue('90');
    await page.getByRole('button', { name: 'Create token' }).click();
    const created = page.getByRole('status').filter({ hasText: 'Token “CRM sync” created' });
    const token = (await created.getByLabel('New token', { exact: true }).textContent())!.trim();
    expect(token).toMatch(/^\S{20,}$/);
    const row = page.getByRole('row', { name: /CRM sync/ });
    // Created, Expires, Last used: it expires (not "Never") and has not been used yet.
    await expect(row.getByRole('cell').nth(2)).not.toHaveText('Never');
    await expect(row.getByRole('cell').nth(3)).toHaveText('Never');
    const withToken = {
      Authorization: `Basic ${Buffer.from(`${username}:${token}`).toString('base64')}`,
    };
    const fresh = await page.request.get(`/api/v1/lists/${list.id}`, { headers: withToken });
    expect(fresh.status()).toBe(200);
    await row.getByRole('button', { name: 'Revoke CRM sync' }).click();
    await expect(page.getByText('Token “CRM sync” revoked.')).toBeVisible();
    const revoked = await page.request.get(`/api/v1/lists/${list.id}`, { headers: withToken });
    expect(revoked.status()).toBe(401);
  });
});
