import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { createList, expect, signIn, test, unique } from './support/fixtures';
import { addSubscriber } from './subscribers-support';

/** Issue 53: a person's data exported as a zip, then erased from every list. */
test('exports a person from the person screen, then erases them with a reason', async ({
  page,
  api,
}) => {
  const t = unique('erase').replace(/[^a-z0-9]/g, '');
  const news = await createList(api);
  const offers = await createList(api);
  const email = `erin.${t}@example.com`;
  const inNews = await addSubscriber(api, news.id, { email, first_name: 'Erin' });
  await addSubscriber(api, offers.id, { email: email.toUpperCase() });

  await signIn(page, `/people/person?email=${encodeURIComponent(email)}`);
  await expect(page.getByText('Subscribed to 2 lists')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('person-export.zip');
  const files = unzipSync(await readFile((await download.path())!));
  const person = JSON.parse(strFromU8(files['person.json']!)) as {
    subscriptions: { list: { name: string }; first_name: string }[];
  };
  expect(person.subscriptions.map((s) => s.list.name).sort()).toEqual(
    [news.name, offers.name].sort(),
  );
  expect(strFromU8(files['person.html']!)).toContain('Erin');

  await page.getByRole('button', { name: 'Erase' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase this person' });
  await expect(dialog).toContainText(news.name);
  await expect(dialog).toContainText('outbox copies and test messages');
  await dialog.getByRole('button', { name: 'Erase for good' }).click();
  await expect(dialog.getByText('Say why: the audit log keeps the reason.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Asked by mail, ticket 4711');
  await dialog.getByRole('button', { name: 'Erase for good' }).click();
  await expect(page).toHaveURL(/\/people$/);
  await expect(page.getByText(`${email} was erased.`)).toBeVisible();

  const gone = await api.get(`/api/v1/lists/${news.id}/subscribers/${inNews.id}`);
  expect(gone.status()).toBe(404);
  const search = await api.get(`/api/v1/subscribers?email=${encodeURIComponent(email)}`);
  expect((await search.json()).count).toBe(0);
});
