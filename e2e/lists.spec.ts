import { createList, expect, signIn, test, unique } from './support/fixtures';

test.describe('lists', () => {
  test('creates a list, saying what is missing or invalid first', async ({ page }) => {
    await signIn(page);
    await page.getByRole('link', { name: 'New list' }).click();
    await expect(page.getByRole('heading', { name: 'New list' })).toBeVisible();

    await page.getByRole('button', { name: 'Create list' }).click();
    await expect(page.getByText('This field may not be blank.')).toHaveCount(2);
    await expect(page).toHaveURL(/\/lists\/new$/);

    const name = unique('Weekly news');
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByRole('textbox', { name: /Default from-name/ }).fill('News team');
    await page.getByRole('textbox', { name: /Default from-address/ }).fill('not-an-address');
    await page.getByRole('button', { name: 'Create list' }).click();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();

    await page.getByRole('textbox', { name: /Default from-address/ }).fill('news@example.com');
    await page.getByRole('combobox', { name: 'Languages' }).fill('German');
    await page.getByRole('option', { name: 'German (de)' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Create list' }).click();

    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText('de', { exact: true })).toBeVisible();
    await expect(page.getByText(`List “${name}” created.`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Subscribers' })).toHaveAttribute(
      'href',
      /\/lists\/\d+\/subscribers$/,
    );
    await expect(page.getByRole('link', { name: 'Import CSV' })).toHaveAttribute(
      'href',
      /\/import\?list=\d+$/,
    );
    await expect(page.getByRole('link', { name: 'Import history' })).toHaveAttribute(
      'href',
      /\/lists\/\d+\/imports$/,
    );
  });

  test('edits a list and shows it in the table', async ({ page, api }) => {
    const list = await createList(api);
    await signIn(page, `/lists/${list.id}/edit`);
    const renamed = unique('Renamed list');
    const nameInput = page.getByRole('textbox', { name: /^Name/ });
    await expect(nameInput).toHaveValue(list.name);
    await nameInput.fill(renamed);
    await page.getByRole('textbox', { name: /Default reply-to/ }).fill('reply@example.com');
    await page.getByRole('button', { name: 'Save changes' }).click();

    await expect(page.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();
    await expect(page.getByText('reply@example.com')).toBeVisible();

    await page.goto('/lists?ordering=-update_datetime');
    const table = page.getByRole('table', { name: 'Lists' });
    await expect(table.getByRole('link', { name: renamed })).toBeVisible();
    await table.getByRole('button', { name: 'Sort by Name' }).click();
    await expect(page).toHaveURL(/ordering=name/);
  });

  test('deletes a list only once its name is typed', async ({ page, api }) => {
    const list = await createList(api);
    await signIn(page, `/lists/${list.id}`);
    await page.getByRole('button', { name: 'Delete list' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('all of its mailings and their statistics');
    const confirm = dialog.getByRole('button', { name: 'Delete list' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox', { name: /to confirm/ }).fill('something else');
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox', { name: /to confirm/ }).fill(list.name);
    await confirm.click();

    await expect(page).toHaveURL(/\/lists$/);
    await expect(page.getByText(`List “${list.name}” deleted.`)).toBeVisible();
    expect((await api.get(`/api/v1/lists/${list.id}`)).status()).toBe(404);
  });

  test('an unknown list says so', async ({ page }) => {
    await signIn(page, '/lists/99999999');
    await expect(page.getByRole('alert')).toContainText('does not exist');
  });
});
