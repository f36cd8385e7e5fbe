import type { Browser, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { create, expect, signIn, test } from './support/fixtures';

/**
 * The e2e admin on the Users screen, in a browser context of its own (the test's page is the
 * invitee's); clipboard access lets "Copy link" be checked.
 */
async function adminOnUsers(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({
    baseURL,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const admin = await context.newPage();
  await signIn(admin, '/users');
  await expect(admin.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  return admin;
}

/**
 * The path of the link an invitation or a reset shows the admin on the Users screen (the
 * Outbox never shows such links), taken from the clipboard after "Copy link".
 */
async function shownLink(admin: Page, title: string, username: string) {
  const dialog = admin.getByRole('dialog', { name: title });
  await expect(dialog.getByRole('status')).toContainText(`also mailed to ${username}`);
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  const url = await admin.evaluate(() => navigator.clipboard.readText());
  await expect(dialog.getByLabel(`Link for ${username}`)).toHaveText(url);
  await dialog.getByRole('button', { name: 'Done' }).click();
  return new URL(url).pathname;
}

async function passwordStep(page: Page, username: string, password: string) {
  await expect(page.getByRole('heading', { name: 'Sign in to Mailboard' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function setPassword(page: Page, path: string, password: string) {
  await page.goto(path);
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is set.');
}

test('an invited user sets a password, must turn on two-factor sign-in, and resets a forgotten password', async ({
  page,
  api,
  browser,
  baseURL,
}) => {
  // One journey through three mails and four sign-ins.
  test.slow();
  const stamp = Date.now().toString(36);
  const username = `invitee-${stamp}@example.com`;
  // A role of this test that requires two-factor sign-in (the setting is restored at the end).
  const role = `e2e-2fa-${stamp}`;
  await create(api, '/roles', { name: role, permissions: ['lists:read'] });
  const rule = await (await api.get('/api/v1/settings/two-factor')).json();
  const putRule = (roles: string[]) =>
    api.put('/api/v1/settings/two-factor', { data: { required_roles: roles } });
  expect((await putRule([...rule.required_roles, role])).ok()).toBe(true);
  // The admin invites them on the Users screen (no password), and passes the link on.
  const admin = await adminOnUsers(browser, baseURL);
  const form = admin.getByRole('form', { name: 'New user' });
  await form.getByRole('textbox', { name: 'Email address' }).fill(username);
  await form.getByRole('combobox', { name: 'Role' }).click();
  await admin.getByRole('option', { name: role }).click();
  await form.getByRole('button', { name: 'Invite user' }).click();
  const invitation = await shownLink(admin, 'Invitation link', username);

  // The invitation link: choose a password, then sign in with it.
  await page.goto(invitation);
  await expect(page.getByText(`Choose a password for ${username}.`)).toBeVisible();
  await setPassword(page, invitation, 'first password 1');
  await passwordStep(page, username, 'first password 1');
  await expect(page.getByRole('banner')).toBeVisible();

  // The role requires two-factor sign-in: nothing but the Security screen until it is set up.
  await expect(page).toHaveURL(/\/security$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Two-factor sign-in required' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Lists' }).click();
  await expect(page).toHaveURL(/\/security$/);
  expect((await page.request.get('/api/v1/lists')).status()).toBe(403);

  // Two-factor enrolment on the Security screen, with a code computed as an app would.
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!;
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  await page.getByLabel('Code from the app').fill(code);
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const [first, second] = await codes.allTextContents();
  await expect(page.getByRole('table', { name: 'Active sessions' })).toContainText('This browser');
  await page.getByRole('link', { name: 'Lists' }).click();
  await expect(page.getByRole('heading', { name: 'Lists', level: 1 })).toBeVisible();
  await expect(page.getByText('Two-factor sign-in required')).toHaveCount(0);
  expect((await putRule(rule.required_roles)).ok()).toBe(true);

  // Signing in now asks for a code after the password; a recovery code works once.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await passwordStep(page, username, 'first password 1');
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(first!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('banner')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();

  // Forgot password: the same answer for any address, a link by mail, a new password.
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If this address belongs to a user');
  // Its mail is the user's alone; the admin's "Reset password" gives a link to pass on.
  await admin.getByRole('button', { name: `Reset password of ${username}` }).click();
  const reset = await shownLink(admin, 'Password reset link', username);
  await admin.context().close();
  await setPassword(page, reset, 'second password 2');
  await passwordStep(page, username, 'second password 2');
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(first!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByRole('textbox', { name: 'Code', exact: true }),
  ).toHaveAccessibleDescription('The code is not correct.');
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(second!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('banner')).toBeVisible();

  // A used link says so.
  await page.goto(reset);
  await page.getByLabel('New password').fill('third password 3');
  await page.getByLabel('Repeat the password').fill('third password 3');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('alert')).toContainText('This link is invalid, used or expired.');
});
