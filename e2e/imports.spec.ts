import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { createList, expect, signIn, test } from './support/fixtures';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'csv');

type Subscriber = {
  email: string;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  language: string;
  region: string;
};

async function subscribersOf(api: APIRequestContext, listId: number): Promise<Subscriber[]> {
  const response = await api.get(
    `/api/v1/lists/${listId}/subscribers?page_size=100&ordering=email`,
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { results: Subscriber[] }).results;
}

const figure = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

test('imports a UTF-8 file with a header row, mapped automatically', async ({ page, api }) => {
  const list = await createList(api, { languages: ['de', 'en'], default_language: 'de' });
  await signIn(page, '/import');

  // File: the list, then the file with its name and size.
  await page.getByRole('combobox', { name: 'List' }).fill(list.name);
  await page.getByRole('option', { name: list.name }).click();
  await page.getByLabel('CSV file').setInputFiles(path.join(fixtures, 'utf8-header-de.csv'));
  await expect(page.getByLabel('Chosen file')).toContainText('utf8-header-de.csv');
  await expect(page.getByLabel('Chosen file')).toContainText('bytes');
  await page.getByRole('button', { name: 'Next: Format' }).click();

  // Format: detected, previewed.
  await expect(page.getByLabel('Encoding')).toHaveValue('utf-8');
  await expect(page.getByLabel('Delimiter')).toHaveValue(',');
  await expect(page.getByLabel('The first row is a header')).toBeChecked();
  const preview = page.getByRole('table', { name: 'Preview of the file' });
  await expect(preview.getByRole('columnheader', { name: 'Geburtsdatum' })).toBeVisible();
  await expect(preview).toContainText('Schäfer');
  await page.getByRole('button', { name: 'Next: Columns' }).click();

  // Columns: German headers matched to fields; the date format follows the sample values.
  const expected = ['email', 'first_name', 'last_name', 'date_of_birth', 'language', 'region'];
  for (const [i, field] of expected.entries())
    await expect(page.getByLabel(`Field for column ${i + 1}`, { exact: true })).toHaveValue(field);
  await expect(page.getByLabel('Date format')).toHaveValue('%d.%m.%Y');
  await expect(page.getByRole('list', { name: 'Dates of Column 4 (Geburtsdatum)' })).toContainText(
    '14.02.1985 → 1985-02-14',
  );
  await page.getByRole('button', { name: 'Next: Check the rows' }).click();

  // Check: every row valid.
  await expect(figure(page, 'Rows')).toContainText('4');
  await expect(figure(page, 'Valid')).toContainText('4');
  await expect(figure(page, 'Invalid')).toContainText('0');
  await expect(figure(page, 'Repeated in the file')).toContainText('0');
  await page.getByRole('button', { name: 'Next: Import' }).click();

  // Import and result.
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByText('Done', { exact: true })).toBeVisible();
  await expect(figure(page, 'Created')).toContainText('4');
  await expect(figure(page, 'Total rows')).toContainText('4');

  const subscribers = await subscribersOf(api, list.id);
  expect(subscribers).toHaveLength(4);
  expect(subscribers.find((s) => s.email === 'jorg.weiss@example.de')).toMatchObject({
    first_name: 'Jörg',
    last_name: 'Weiß',
    date_of_birth: '1979-11-03',
    language: 'de',
    region: 'DE-BY',
  });

  // Back and forth keeps every choice.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Field for column 2', { exact: true })).toHaveValue('first_name');
});

test('imports a Latin-1 semicolon file without a header, mapped by hand with a day-first date format', async ({
  page,
  api,
}) => {
  const list = await createList(api);
  await signIn(page, `/import?list=${list.id}`);
  await page
    .getByLabel('CSV file')
    .setInputFiles(path.join(fixtures, 'latin1-semicolon-no-header.csv'));
  await page.getByRole('button', { name: 'Next: Format' }).click();

  await expect(page.getByLabel('Encoding')).toHaveValue('windows-1252');
  await expect(page.getByLabel('Delimiter')).toHaveValue(';');
  await expect(page.getByLabel('The first row is a header')).not.toBeChecked();
  const preview = page.getByRole('table', { name: 'Preview of the file' });
  await expect(preview).toContainText('Müller');
  await expect(preview).toContainText('Høeg');
  // Read as UTF-8 the same bytes are broken: the preview follows the chosen encoding.
  await page.getByLabel('Encoding').selectOption('utf-8');
  await expect(preview).not.toContainText('Müller');
  await page.getByLabel('Encoding').selectOption('windows-1252');
  await expect(preview).toContainText('Müller');
  await page.getByRole('button', { name: 'Next: Columns' }).click();

  // Nothing is mapped without a header: the email column is required.
  await expect(page.getByLabel('Field for column 1', { exact: true })).toHaveValue('');
  await expect(page.getByRole('alert')).toContainText('Map a column to Email');
  await expect(page.getByRole('button', { name: 'Next: Check the rows' })).toBeDisabled();
  await page.getByLabel('Field for column 1', { exact: true }).selectOption('email');
  await page.getByLabel('Field for column 2', { exact: true }).selectOption('first_name');
  await page.getByLabel('Field for column 3', { exact: true }).selectOption('last_name');
  await page.getByLabel('Field for column 4', { exact: true }).selectOption('date_of_birth');
  await page.getByLabel('Date format').selectOption('%m/%d/%Y');
  const dates = page.getByRole('list', { name: 'Dates of Column 4' });
  await expect(dates).toContainText('31.12.1980 → not a date');
  await page.getByLabel('Date format').selectOption('%d.%m.%Y');
  await expect(dates).toContainText('31.12.1980 → 1980-12-31');
  await expect(dates).toContainText('7.3.1990 → 1990-03-07');
  await page.getByRole('button', { name: 'Next: Check the rows' }).click();

  await expect(figure(page, 'Valid')).toContainText('3');
  await expect(figure(page, 'Invalid')).toContainText('0');
  await page.getByRole('button', { name: 'Next: Import' }).click();
  await expect(page.getByRole('table', { name: 'What will be sent' })).toContainText(
    'windows-1252',
  );
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(figure(page, 'Created')).toContainText('3');

  const subscribers = await subscribersOf(api, list.id);
  expect(subscribers.map((s) => [s.email, s.first_name, s.last_name, s.date_of_birth])).toEqual([
    ['francoise.leveque@example.fr', 'Françoise', 'Lévêque', '1975-02-01'],
    ['juergen.mueller@example.de', 'Jürgen', 'Müller', '1980-12-31'],
    ['soeren.hoeg@example.dk', 'Søren', 'Høeg', '1990-03-07'],
  ]);
});
