import { createList, expect, signIn, test } from './support/fixtures';
import { addSubscriber, getSubscriber, setState } from './subscribers-support';

test.describe('subscriber forms', () => {
  test('the form has the list’s custom fields, with required marks, help and errors', async ({
    page,
    api,
  }) => {
    const list = await createList(api, { languages: ['en', 'de'], default_language: 'en' });
    for (const field of [
      {
        name: 'customer_no',
        type: 'integer',
        label: 'Customer number',
        required: true,
        help_text: 'From the CRM',
      },
      {
        name: 'tier',
        type: 'choice',
        label: 'Tier',
        choices: [
          { value: 'gold', display_name: 'Gold' },
          { value: 'silver', display_name: 'Silver' },
        ],
      },
    ]) {
      const response = await api.post(`/api/v1/lists/${list.id}/fields`, { data: field });
      expect(response.status(), await response.text()).toBe(201);
    }
    const email = `form-${Date.now()}@example.com`;
    await signIn(page, `/lists/${list.id}/subscribers`);
    await page.getByRole('link', { name: 'New subscriber' }).click();
    await expect(page.getByRole('heading', { name: 'New subscriber' })).toBeVisible();
    const customer = page.getByRole('textbox', { name: 'Customer number' });
    await expect(page.getByText('From the CRM')).toBeVisible();
    // Languages are limited to the list's.
    const language = page.getByRole('combobox', { name: 'Language', exact: true });
    await expect(language.locator('option')).toHaveCount(3);

    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Add subscriber' }).click();
    await expect(customer).toHaveAccessibleDescription(/This field may not be blank\./);
    await customer.fill('12a');
    await page.getByRole('button', { name: 'Add subscriber' }).click();
    await expect(customer).toHaveAccessibleDescription(/A valid integer is required\./);

    await customer.fill('4711');
    await page.getByRole('combobox', { name: 'Tier' }).selectOption('gold');
    await language.selectOption('de');
    await page.getByRole('textbox', { name: 'First name' }).fill('Grete');
    await page.getByRole('textbox', { name: 'Date of birth' }).fill('1990-04-05');
    await page.getByRole('button', { name: 'Add subscriber' }).click();

    await expect(page.getByRole('heading', { name: email, level: 1 })).toBeVisible();
    await expect(page.getByText('Customer number (custom)').locator('..')).toContainText('4711');
    await expect(page.getByText('Tier (custom)').locator('..')).toContainText('Gold');
    await expect(page.getByText(/by user #\d+/).first()).toBeVisible();
  });

  test('a server 400 lands on its field', async ({ page, api }) => {
    const list = await createList(api);
    await signIn(page, `/lists/${list.id}/subscribers/new`);
    await page.route(`**/api/v1/lists/${list.id}/subscribers`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 400, json: { first_name: ['This name is not allowed.'] } })
        : route.fallback(),
    );
    await page.getByRole('textbox', { name: 'Email' }).fill(`x-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Add subscriber' }).click();
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(
      /This name is not allowed\./,
    );
  });
});

test.describe('duplicate emails (409)', () => {
  test('a duplicate create opens the existing subscriber; letter case is pointed out', async ({
    page,
    api,
  }) => {
    const list = await createList(api);
    const existing = await addSubscriber(api, list.id, {
      email: `dup-${Date.now()}@example.com`,
      first_name: 'Stored',
    });
    await signIn(page, `/lists/${list.id}/subscribers/new`);
    await page.getByRole('textbox', { name: 'Email' }).fill(existing.email.toUpperCase());
    await page.getByRole('textbox', { name: 'First name' }).fill('Typed');
    await page.getByRole('button', { name: 'Add subscriber' }).click();

    const panel = page.getByRole('region', { name: 'Email already in the list' });
    await expect(
      panel.getByRole('heading', { name: 'This email is already in the list' }),
    ).toBeVisible();
    await expect(panel).toContainText('Receives the mailings of this list.');
    await expect(panel.getByText('Only the letter case differs')).toBeVisible();
    const comparison = panel.getByRole('table', {
      name: 'Existing subscriber and what you entered',
    });
    await expect(comparison.getByRole('row').filter({ hasText: 'First name' })).toContainText(
      'StoredTyped',
    );
    // Cancel returns to the form as it was.
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Typed');
    await page.getByRole('button', { name: 'Add subscriber' }).click();
    await panel.getByRole('link', { name: 'Open the existing subscriber' }).click();
    await expect(page.getByRole('heading', { name: existing.email, level: 1 })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/subscribers/${existing.id}$`));
  });

  test('a duplicate of an unsubscribed subscriber is re-activated after the consent question', async ({
    page,
    api,
  }) => {
    const list = await createList(api, { double_opt_in: true });
    const existing = await addSubscriber(api, list.id, { email: `gone-${Date.now()}@example.com` });
    await setState(api, list.id, existing.id, 'unsubscribed');
    await signIn(page, `/lists/${list.id}/subscribers/new`);
    await page.getByRole('textbox', { name: 'Email' }).fill(existing.email);
    await page.getByRole('button', { name: 'Add subscriber' }).click();

    const panel = page.getByRole('region', { name: 'Email already in the list' });
    await expect(panel).toContainText('Asked to receive no more mailings.');
    await panel.getByRole('button', { name: 'Re-activate it' }).click();
    const dialog = page.getByRole('dialog', { name: `Re-activate ${existing.email}?` });
    await expect(dialog).toContainText(`Has ${existing.email} agreed again to receive mailings`);
    const confirm = dialog.getByRole('button', { name: 'Re-activate' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('checkbox', { name: /has agreed again/ }).check();
    await confirm.click();
    await expect(dialog).toBeHidden();
    await expect(panel).toContainText('Receives the mailings of this list.');
    await expect(panel.getByRole('button', { name: 'Re-activate it' })).toHaveCount(0);
    // The `confirm` override: active at once despite the list's double opt-in.
    expect((await getSubscriber(api, list.id, existing.id)).subscription).toBe('active');
  });

  test('an edit to a colliding email applies chosen changes to the other subscriber', async ({
    page,
    api,
  }) => {
    const list = await createList(api);
    const stamp = Date.now();
    const mine = await addSubscriber(api, list.id, {
      email: `mine-${stamp}@example.com`,
      first_name: 'Mia',
      last_name: 'Mine',
    });
    const other = await addSubscriber(api, list.id, {
      email: `other-${stamp}@example.com`,
      first_name: 'Otto',
      last_name: 'Other',
    });
    await signIn(page, `/lists/${list.id}/subscribers/${mine.id}`);
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(other.email);
    await page.getByRole('textbox', { name: 'Last name' }).fill('Merged');
    await page.getByRole('button', { name: 'Save changes' }).click();

    const panel = page.getByRole('region', { name: 'Email already in the list' });
    await expect(
      panel.getByRole('heading', { name: 'Another subscriber of this list has this email' }),
    ).toBeVisible();
    await expect(panel.getByRole('checkbox', { name: 'Apply Last name' })).toBeChecked();
    await panel.getByRole('checkbox', { name: 'Apply First name' }).uncheck();
    await panel.getByRole('button', { name: /Apply my changes to it/ }).click();

    await expect(page.getByRole('heading', { name: other.email, level: 1 })).toBeVisible();
    const saved = await getSubscriber(api, list.id, other.id);
    expect(saved).toMatchObject({ first_name: 'Otto', last_name: 'Merged' });
    expect((await getSubscriber(api, list.id, mine.id)).email).toBe(mine.email);
  });
});
