import { createList, expect, signIn, test } from './support/fixtures';

const figure = (page: import('@playwright/test').Page, name: string) =>
  page.getByRole('group', { name, exact: true });

test('updates existing subscribers with a preview, then undoes the import from its outcome', async ({
  page,
  api,
}) => {
  const list = await createList(api);
  const created = await api.post(`/api/v1/lists/${list.id}/subscribers`, {
    data: { email: 'ann@example.org', first_name: 'Ann', last_name: 'Smith' },
  });
  expect(created.status()).toBe(201);
  await signIn(page, '/import');

  await page.getByRole('combobox', { name: 'List' }).fill(list.name);
  await page.getByRole('option', { name: list.name }).click();
  await page.getByLabel('CSV file').setInputFiles({
    name: 'corrected.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'email,first_name,last_name\nann@example.org,Ann,Archer\nnew@example.org,Nia,New\n',
    ),
  });
  await page.getByRole('button', { name: 'Next: Format' }).click();
  await page.getByRole('button', { name: 'Next: Columns' }).click();
  await page.getByRole('button', { name: 'Next: Check the rows' }).click();
  await expect(figure(page, 'Valid')).toContainText('2');

  // Update mode: the preview names what would change for the address the list has.
  await page.getByRole('radio', { name: /Update them with the mapped columns/ }).check();
  const preview = page.getByRole('table', { name: 'What the update would change' });
  await expect(
    preview.getByRole('row', { name: /ann@example\.org last_name Smith Archer/ }),
  ).toBeVisible();
  await expect(
    page.getByText('Of the first 2 addresses, 1 already in the list; 1 would change.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Next: Import' }).click();
  await expect(page.getByRole('table', { name: 'What will be sent' })).toContainText(
    'updated with the mapped columns',
  );
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByText('Done', { exact: true })).toBeVisible();
  await expect(figure(page, 'Created')).toContainText('1');
  await expect(figure(page, 'Updated')).toContainText('1');

  // Undo from the outcome.
  await page.getByRole('button', { name: 'Undo this import' }).click();
  await page
    .getByRole('dialog', { name: 'Undo this import?' })
    .getByRole('button', { name: 'Undo the import' })
    .click();
  await expect(page.getByRole('heading', { name: 'Import undone' })).toBeVisible();
  await expect(page.getByLabel('Undo of the import')).toContainText(
    '1 created subscriber removed, 1 updated one restored.',
  );
  await expect(page.getByRole('button', { name: 'Undo this import' })).toHaveCount(0);

  const response = await api.get(`/api/v1/lists/${list.id}/subscribers?page_size=10`);
  const { results } = (await response.json()) as {
    results: { email: string; last_name: string }[];
  };
  expect(results.map((s) => [s.email, s.last_name])).toEqual([['ann@example.org', 'Smith']]);
});
