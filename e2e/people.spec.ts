import type { Page } from '@playwright/test';
import { createList, expect, signIn, test, unique } from './support/fixtures';
import { addSubscriber } from './subscribers-support';

/** Lower-case letters only, so a surname built from it is searched as typed. */
const tag = () => unique('p').replace(/[^a-z]/g, '');
const rows = (page: Page, table: string) =>
  page.getByRole('table', { name: table }).getByRole('row');

test.describe('finding people', () => {
  test('searches a list by part of a name as one types, ignoring case and accents', async ({
    page,
    api,
  }) => {
    const list = await createList(api);
    const t = tag();
    await addSubscriber(api, list.id, { email: `j.${t}@example.com`, last_name: `Müller${t}` });
    await addSubscriber(api, list.id, { email: `a.${t}@example.com`, last_name: `MULLER${t}` });
    await addSubscriber(api, list.id, { email: `b.${t}@example.com`, last_name: 'Smith' });

    await signIn(page, `/lists/${list.id}/subscribers`);
    const box = page.getByRole('searchbox', { name: 'Search subscribers' });
    await box.pressSequentially(`muller${t}`, { delay: 20 });
    await expect(page).toHaveURL(new RegExp(`search=muller${t}`));
    await expect(rows(page, 'Subscribers')).toHaveCount(3); // header + 2
    await expect(rows(page, 'Subscribers').filter({ hasText: `j.${t}@` })).toBeVisible();
    await expect(rows(page, 'Subscribers').filter({ hasText: `b.${t}@` })).toHaveCount(0);
    await page.reload();
    await expect(box).toHaveValue(`muller${t}`);
    await expect(rows(page, 'Subscribers')).toHaveCount(3);
    await box.fill('nobody-at-all-here');
    await expect(page.getByText('No subscriber matches “nobody-at-all-here”')).toBeVisible();
  });

  test('finds a person in every list from the header, then unsubscribes and deletes everywhere', async ({
    page,
    api,
  }) => {
    const t = tag();
    const news = await createList(api);
    const offers = await createList(api);
    const email = `zoe.${t}@example.com`;
    const inNews = await addSubscriber(api, news.id, { email, first_name: 'Zoë', last_name: t });
    await addSubscriber(api, offers.id, { email, first_name: 'Zoë', last_name: t });

    await signIn(page, '/lists');
    await page.getByRole('searchbox', { name: 'Find people' }).fill(`zoe ${t}`);
    await page.getByRole('searchbox', { name: 'Find people' }).press('Enter');
    await expect(page).toHaveURL(/\/people\?search=/);
    const found = rows(page, 'People found');
    await expect(found).toHaveCount(3);
    await expect(found.filter({ hasText: news.name })).toContainText('Active');
    await expect(found.filter({ hasText: offers.name })).toBeVisible();

    await found.filter({ hasText: news.name }).getByRole('link', { name: email }).click();
    await expect(page.getByRole('heading', { name: email, level: 1 })).toBeVisible();
    await expect(page.getByText('Subscribed to 2 lists')).toBeVisible();

    await page.getByRole('button', { name: 'Unsubscribe from every list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unsubscribe from every list' });
    await expect(dialog).toContainText('will be unsubscribed from 2 lists');
    await dialog.getByRole('button', { name: 'Unsubscribe from 2 lists' }).click();
    await expect(dialog).toBeHidden();
    const subs = rows(page, 'Subscriptions');
    await expect(subs.filter({ hasText: news.name })).toContainText('Unsubscribed');
    await expect(subs.filter({ hasText: offers.name })).toContainText('Unsubscribed');

    await page.getByRole('button', { name: `Activate in ${news.name}` }).click();
    await expect(subs.filter({ hasText: news.name })).toContainText('Active');

    // The history of the news subscription tells what happened, newest first.
    await subs.filter({ hasText: news.name }).getByRole('link', { name: news.name }).click();
    await expect(page).toHaveURL(new RegExp(`/subscribers/${inNews.id}$`));
    const history = page.getByRole('region', { name: 'History' });
    const entries = history.getByRole('listitem');
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(0)).toContainText('Subscription Unsubscribed → Active');
    await expect(entries.nth(0)).toContainText('dashboard');
    await expect(entries.nth(1)).toContainText('Subscription Active → Unsubscribed');
    await expect(entries.nth(2)).toContainText('Created through the API');

    await page.goBack();
    await page.getByRole('button', { name: 'Delete everywhere' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete everywhere' });
    await expect(confirm).toContainText('will be deleted from 2 lists');
    await confirm.getByRole('button', { name: 'Delete from 2 lists' }).click();
    await expect(page.getByText('No list has a subscriber with this address.')).toBeVisible();
  });

  test('shows each field change in the subscriber history', async ({ page, api }) => {
    const list = await createList(api);
    const t = tag();
    const s = await addSubscriber(api, list.id, { email: `h.${t}@example.com`, first_name: 'Ann' });
    const patched = await api.patch(`/api/v1/lists/${list.id}/subscribers/${s.id}`, {
      data: { first_name: 'Änne', last_name: 'Jäger' },
    });
    expect(patched.status()).toBe(200);
    await signIn(page, `/lists/${list.id}/subscribers/${s.id}/edit`);
    await page.getByRole('textbox', { name: 'Last name' }).fill('Weiß');
    await page.getByRole('button', { name: /^Save/ }).click();
    await expect(page).toHaveURL(new RegExp(`/subscribers/${s.id}$`));
    const entries = page.getByRole('region', { name: 'History' }).getByRole('listitem');
    await expect(entries).toHaveCount(4);
    await expect(entries.nth(0)).toContainText('Last name “Jäger” → “Weiß”');
    await expect(entries.nth(0)).toContainText('admin@example.com');
    await expect(entries.nth(0)).toContainText('dashboard');
    await expect(entries.nth(1)).toContainText('Last name (empty) → “Jäger”');
    await expect(entries.nth(1)).toContainText('API');
    await expect(entries.nth(2)).toContainText('First name “Ann” → “Änne”');
  });
});
