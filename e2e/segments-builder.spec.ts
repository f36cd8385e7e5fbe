import { create, createList, expect, signIn, test } from './support/fixtures';

test.describe('segment builder', () => {
  test('shows the count and first people live as the filter changes, saves, lists with reach', async ({
    page,
    api,
  }) => {
    const list = await createList(api, { languages: ['en', 'de'] });
    for (const [email, language] of [
      ['anna@x.example', 'de'],
      ['ben@x.example', 'en'],
      ['carla@x.example', 'de'],
    ] as const)
      await create(api, `/lists/${list.id}/subscribers`, { email, language });

    await signIn(page, `/lists/${list.id}`);
    await page.getByRole('link', { name: 'Segments' }).click();
    await expect(page.getByRole('heading', { name: 'Segments' })).toBeVisible();
    await page.getByRole('link', { name: 'New segment' }).click();

    const preview = page.getByRole('region', { name: 'Matching people' });
    await expect(preview.getByRole('status')).toHaveText('3 people match');
    await page.getByRole('button', { name: 'Add condition' }).click();
    await page.getByRole('combobox', { name: 'Condition 1: field' }).click();
    await page.getByRole('option', { name: 'Language' }).click();
    const codes = page.getByRole('combobox', { name: 'Condition 1: language codes' });
    await codes.fill('de');
    await codes.press('Enter');
    await expect(preview.getByRole('status')).toHaveText('2 people match');
    const people = preview.getByRole('table', { name: 'First matching people' });
    await expect(people.getByRole('link', { name: 'anna@x.example' })).toBeVisible();
    await expect(people.getByRole('link', { name: 'ben@x.example' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Save segment' }).click();
    await expect(page.getByText('This field may not be blank.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Segment name' }).fill('German speakers');
    await page.getByRole('button', { name: 'Save segment' }).click();
    await expect(page.getByRole('heading', { name: 'German speakers' })).toBeVisible();

    await page.getByRole('link', { name: 'Segments' }).click();
    const table = page.getByRole('table', { name: 'Segments' });
    await expect(table.getByRole('row', { name: /German speakers/ })).toContainText('2');
  });
});
