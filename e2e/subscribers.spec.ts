import type { Page } from '@playwright/test';
import { createList, expect, signIn, test, unique } from './support/fixtures';
import { addSubscriber, getSubscriber, setState } from './subscribers-support';

const table = (page: Page) => page.getByRole('table', { name: 'Subscribers' });
const row = (page: Page, email: string) => table(page).getByRole('row').filter({ hasText: email });

test.describe('subscribers table', () => {
  test('filters by state and by a whole address, all in the URL', async ({ page, api }) => {
    const list = await createList(api, { double_opt_in: true });
    const tag = unique('f').replace(/\W/g, '').toLowerCase();
    const [ann, bob, cem, dan, eve] = await Promise.all(
      ['ann', 'bob', 'cem', 'dan', 'eve'].map((n) =>
        addSubscriber(api, list.id, { email: `${n}.${tag}@example.com`, first_name: n }),
      ),
    );
    await setState(api, list.id, ann!.id, 'active', true);
    await setState(api, list.id, bob!.id, 'active', true);
    await setState(api, list.id, cem!.id, 'unsubscribed');
    await setState(api, list.id, dan!.id, 'deleted');

    await signIn(page, `/lists/${list.id}/subscribers`);
    await expect(page.getByRole('heading', { name: 'Subscribers', level: 1 })).toBeVisible();
    // Counts from the list: all leaves the deleted one out.
    await expect(page.getByRole('tab', { name: /^All/ })).toContainText('4');
    await expect(page.getByRole('tab', { name: /^Active/ })).toContainText('2');
    await expect(page.getByRole('tab', { name: /^Deleted/ })).toContainText('1');
    await expect(row(page, eve!.email)).toContainText('Pending');
    await expect(row(page, dan!.email)).toHaveCount(0);

    await page.getByRole('tab', { name: /^Unsubscribed/ }).click();
    await expect(page).toHaveURL(/subscription=unsubscribed/);
    await expect(row(page, cem!.email)).toBeVisible();
    await expect(table(page).getByRole('row')).toHaveCount(2);

    await page.getByRole('tab', { name: /^All/ }).click();
    // A whole address typed into the search finds that subscriber, in any letter case.
    await page
      .getByRole('searchbox', { name: 'Search subscribers' })
      .fill(ann!.email.toUpperCase());
    await expect(page).toHaveURL(/search=ANN/);
    await expect(row(page, ann!.email)).toBeVisible();
    await expect(table(page).getByRole('row')).toHaveCount(2);

    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search subscribers' })).toHaveValue(
      ann!.email.toUpperCase(),
    );
    await expect(row(page, ann!.email)).toBeVisible();
    await expect(row(page, bob!.email)).toHaveCount(0);

    // The deleted one is not among "all": the screen says where it is.
    await page.getByRole('searchbox', { name: 'Search subscribers' }).fill(dan!.email);
    await expect(page.getByText(`${dan!.email} is deleted.`)).toBeVisible();
    await page.getByRole('button', { name: 'Show in “Deleted”' }).click();
    await expect(page).toHaveURL(/subscription=deleted/);
    await expect(row(page, dan!.email)).toContainText('Deleted');
  });

  test('orders by column and chooses columns, both kept on reload', async ({ page, api }) => {
    const list = await createList(api);
    const fieldResponse = await api.post(`/api/v1/lists/${list.id}/fields`, {
      data: { name: 'shoe_size', type: 'integer', label: 'Shoe size' },
    });
    expect(fieldResponse.status()).toBe(201);
    await addSubscriber(api, list.id, { email: 'b@example.com', shoe_size: 44 });
    await addSubscriber(api, list.id, { email: 'a@example.com', shoe_size: 38 });

    await signIn(page, `/lists/${list.id}/subscribers`);
    await expect(table(page).getByRole('row').nth(1)).toContainText('b@example.com');
    await page.getByRole('button', { name: 'Sort by Email' }).click();
    await expect(page).toHaveURL(/ordering=email/);
    await expect(table(page).getByRole('row').nth(1)).toContainText('a@example.com');

    await page.getByRole('button', { name: 'Columns' }).click();
    // The URL changes first, then the screen: click and wait rather than check().
    await page.getByRole('checkbox', { name: 'Shoe size (custom)' }).click();
    await expect(page.getByRole('checkbox', { name: 'Shoe size (custom)' })).toBeChecked();
    await page.getByRole('checkbox', { name: 'Last name' }).click();
    await expect(page.getByRole('checkbox', { name: 'Last name' })).not.toBeChecked();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/columns=/);
    await page.reload();
    await expect(table(page).getByRole('columnheader', { name: 'Shoe size' })).toBeVisible();
    await expect(table(page).getByRole('columnheader', { name: 'Last name' })).toHaveCount(0);
    await expect(row(page, 'a@example.com')).toContainText('38');
  });

  test('activates, unsubscribes and deletes one subscriber from its row', async ({ page, api }) => {
    const list = await createList(api, { double_opt_in: true });
    const sub = await addSubscriber(api, list.id, { email: `${Date.now()}-row@example.com` });
    await signIn(page, `/lists/${list.id}/subscribers`);
    await expect(row(page, sub.email)).toContainText('Pending');

    await page.getByRole('button', { name: `Actions for ${sub.email}` }).click();
    await page.getByRole('menuitem', { name: 'Activate' }).click();
    const dialog = page.getByRole('dialog', { name: `Activate ${sub.email}` });
    await expect(dialog.getByText('Skips the opt-in')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Confirm directly (active)' }).check();
    await dialog.getByRole('button', { name: 'Activate' }).click();
    await expect(row(page, sub.email)).toContainText('Active');
    expect((await getSubscriber(api, list.id, sub.id)).subscription).toBe('active');

    await page.getByRole('button', { name: `Actions for ${sub.email}` }).click();
    await page.getByRole('menuitem', { name: 'Unsubscribe' }).click();
    await expect(row(page, sub.email)).toContainText('Unsubscribed');
    await expect(page.getByRole('tab', { name: /^Unsubscribed/ })).toContainText('1');

    await page.getByRole('button', { name: `Actions for ${sub.email}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    // Deleted subscribers leave the unfiltered collection.
    await expect(row(page, sub.email)).toHaveCount(0);
    await expect(page.getByRole('tab', { name: /^Deleted/ })).toContainText('1');
    expect((await getSubscriber(api, list.id, sub.id)).subscription).toBe('deleted');
  });

  test('a refused change is rolled back with a message', async ({ page, api }) => {
    const list = await createList(api);
    const sub = await addSubscriber(api, list.id, { email: `${Date.now()}-rb@example.com` });
    await signIn(page, `/lists/${list.id}/subscribers`);
    await page.route(`**/api/v1/lists/${list.id}/subscribers/${sub.id}/unsubscribe`, (route) =>
      route.fulfill({ status: 500, json: { detail: 'Server error.' } }),
    );
    await page.getByRole('button', { name: `Actions for ${sub.email}` }).click();
    await page.getByRole('menuitem', { name: 'Unsubscribe' }).click();
    await expect(page.getByText(`Unsubscribe failed for ${sub.email} — undone`)).toBeVisible();
    await expect(row(page, sub.email)).toContainText('Active');
  });
});
