import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { create, createList, expect, signIn, test } from './support/fixtures';

const mailchimp = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures',
  'csv',
  'mailchimp-export.csv',
);
const figure = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

test('reports invalid and repeated rows before and after the import, with the errors CSV', async ({
  page,
  api,
}) => {
  const list = await createList(api);
  // Already in the list: the import leaves this one as it is.
  await create(api, `/lists/${list.id}/subscribers`, { email: 'greta.rossi5@example.com' });

  await signIn(page, `/import?list=${list.id}`);
  await page.getByLabel('CSV file').setInputFiles(mailchimp);
  await page.getByRole('button', { name: 'Next: Format' }).click();
  await expect(page.getByRole('table', { name: 'Preview of the file' })).toContainText(
    '51 Main St, Springfield',
  );
  await page.getByRole('button', { name: 'Next: Columns' }).click();

  // Mailchimp's headers: matched where they name a field, the rest ignored.
  await expect(page.getByLabel('Field for column 1', { exact: true })).toHaveValue('email');
  await expect(page.getByLabel('Field for column 3', { exact: true })).toHaveValue('last_name');
  await expect(page.getByLabel('Field for column 6', { exact: true })).toHaveValue('date_of_birth');
  await expect(page.getByLabel('Field for column 17', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Field for column 18', { exact: true })).toHaveValue('region');
  // CC holds the country: mapping it to Region too is refused until REGION is ignored.
  await page.getByLabel('Field for column 17', { exact: true }).selectOption('region');
  await expect(page.getByRole('alert')).toContainText('Region is mapped to columns 17 and 18');
  await expect(page.getByRole('button', { name: 'Next: Check the rows' })).toBeDisabled();
  await page.getByLabel('Field for column 18', { exact: true }).selectOption('');
  // Birthdays without a year are no dates in any format offered.
  await expect(page.getByRole('list', { name: 'Dates of Column 6 (Birthday)' })).toContainText(
    '09/07 → not a date',
  );
  await page.getByRole('button', { name: 'Next: Check the rows' }).click();

  // Check, with invalid values rejecting the row: every row with a birthday is invalid.
  await expect(figure(page, 'Rows')).toContainText('40');
  await expect(figure(page, 'Valid')).toContainText('10');
  await expect(figure(page, 'Invalid')).toContainText('30');
  await expect(figure(page, 'Repeated in the file')).toContainText('0');
  const invalidRows = page.getByRole('table', { name: 'Invalid rows' });
  await expect(invalidRows.getByRole('row', { name: /^9 not-an-email/ })).toContainText(
    'Enter a valid email address.',
  );
  await expect(page.getByText(/Turned on, 29 rows of them would be imported/)).toBeVisible();

  // With invalid values left out, only the row without an address stays rejected, and the
  // address repeated in capitals now meets its first row.
  await page.getByLabel(/Import rows with invalid values/).check();
  await expect(figure(page, 'Valid')).toContainText('38');
  await expect(figure(page, 'Invalid')).toContainText('1');
  await expect(figure(page, 'Repeated in the file')).toContainText('1');
  await page.getByRole('radiogroup', { name: 'Rows to show' }).getByText('Repeated (1)').click();
  await expect(page.getByRole('table', { name: 'Repeated rows' })).toContainText(
    'CHLOE.JENSEN2@EXAMPLE.COM',
  );
  await page.getByRole('button', { name: 'Next: Import' }).click();
  await page.getByRole('button', { name: 'Start import' }).click();

  // Result: the counts add up to the file's rows.
  await expect(page.getByText('Done', { exact: true })).toBeVisible();
  await expect(figure(page, 'Created')).toContainText('37');
  await expect(figure(page, 'Already in the list')).toContainText('1');
  await expect(figure(page, 'Repeated in the file')).toContainText('1');
  await expect(figure(page, 'Invalid')).toContainText('1');
  await expect(figure(page, 'Total rows')).toContainText('40');
  const errors = page.getByRole('table', { name: 'Import errors' });
  await expect(errors.getByRole('row', { name: /^9 email/ })).toContainText(
    'Enter a valid email address.',
  );

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download errors (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^import-\d+-errors\.csv$/);
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv).toContain('row,field,message');
  expect(csv).toContain('9,email,Enter a valid email address.');
  expect(csv).toContain('3,date_of_birth,');

  // The list's past imports and its subscribers.
  await page.getByRole('link', { name: 'Past imports of this list' }).first().click();
  const history = page.getByRole('table', { name: 'Past imports' });
  await expect(history.getByRole('row', { name: /mailchimp-export\.csv/ })).toContainText('Done');
  await expect(history.getByRole('row', { name: /mailchimp-export\.csv/ })).toContainText('37');

  await page.goto(`/lists/${list.id}/subscribers`);
  const subscribers = page.getByRole('table', { name: 'Subscribers' });
  await expect(subscribers).toContainText('kira.garcia0@example.com');
  await expect(subscribers).not.toContainText('not-an-email');
});
