import type { APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { createList, expect, signIn, test, unique } from './support/fixtures';

/**
 * Sign-up forms (issue 50): a form made on its list's Forms screen, its snippet pasted into
 * a page of another origin and submitted in a browser without JavaScript, the opt-in mail
 * found in the Outbox and confirmed, then the mail's manage link pauses it; the hosted page's
 * script solving the proof-of-work unseen; the hosted pages checked by axe in three languages.
 */
const SHOP = 'http://shop.example.test';

const formOf = async (api: APIRequestContext, listId: number, language: string | null) => {
  const res = await api.post('/api/v1/forms', {
    data: { name: unique('Footer form'), lists: [listId], language },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number };
};

test('a snippet pasted on another site subscribes without JavaScript; the Outbox holds the opt-in mail', async ({
  page,
  api,
  browser,
  baseURL,
}) => {
  const list = await createList(api, { double_opt_in: true });
  const field = await api.post(`/api/v1/lists/${list.id}/fields`, {
    data: { name: 'seats', label: 'Seats', type: 'integer' },
  });
  expect(field.status()).toBe(201);
  await signIn(page, `/lists/${list.id}`);
  await page.getByRole('link', { name: 'Forms' }).click();
  await expect(page.getByRole('heading', { name: 'Sign-up forms', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New form' }).click();
  const name = unique('Shop footer');
  await page.getByLabel('Name').fill(name);
  const asked = page.getByRole('combobox', { name: 'Fields asked' });
  await asked.fill('seats');
  await asked.press('Enter');
  await page.getByRole('button', { name: 'Create form' }).click();
  const snippet = await page.getByLabel('HTML snippet').inputValue();
  expect(snippet).toContain(`<form action="${baseURL}/f/`);
  // The list's integer field, as the hosted page writes it.
  expect(snippet).toContain('<label>Seats <input type="number" name="seats" step="1"></label>');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('table', { name: 'Sign-up forms' })).toContainText(name);

  // Another origin's page holding the snippet, in a browser that runs no script at all.
  const visitor = await browser.newContext({ javaScriptEnabled: false });
  await visitor.route(`${SHOP}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>Shop</title><body><h1>Shop</h1>${snippet}</body></html>`,
    }),
  );
  const shop = await visitor.newPage();
  await shop.goto(`${SHOP}/`);
  const email = `${unique('visitor').replace(/\s+/g, '-').toLowerCase()}@example.com`;
  await shop.getByLabel('Email address').fill(email);
  await shop.getByLabel('Seats').fill('3');
  await shop.getByRole('button', { name: 'Subscribe' }).click();
  await expect(shop.getByRole('heading', { name: 'Almost done' })).toBeVisible();
  expect(new URL(shop.url()).origin).toBe(baseURL);

  // The opt-in mail, in the Outbox (the server's worker sends it within a poll or two).
  await expect(async () => {
    await page.goto(`/outbox?search=${encodeURIComponent(email)}`);
    await expect(
      page.getByRole('table', { name: 'Outbox' }).getByRole('link', { name: /confirm/i }),
    ).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page
    .getByRole('table', { name: 'Outbox' })
    .getByRole('link', { name: /confirm/i })
    .click();
  const headers = page.getByRole('table', { name: 'Headers' });
  await expect(headers.getByRole('row', { name: /^Content-Language/ })).toContainText('en');
  await page.getByRole('tab', { name: 'Plain text' }).click();
  const text = (await page.getByRole('tabpanel', { name: 'Plain text' }).textContent()) ?? '';
  const link = /https?:\/\/\S+?(\/c\/[^\s"<]+)/.exec(text)![1]!;

  const manage = /Manage your subscription: https?:\/\/\S+?(\/p\/[\w.-]+)/.exec(text)![1]!;

  // The confirmation page checked by axe in a browser that runs scripts (its GET changes nothing).
  await page.goto(link);
  await expect(page.getByRole('button', { name: 'Confirm subscription' })).toBeVisible();
  await expectNoAxeViolations(page, 'confirmation page');
  await shop.goto(`${baseURL}${link}`);
  await shop.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(shop.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();
  const subscriber = async () =>
    (
      await (
        await api.get(`/api/v1/lists/${list.id}/subscribers?email=${encodeURIComponent(email)}`)
      ).json()
    ).results[0];
  expect((await subscriber()).subscription).toBe('active');

  // The same mail's "Manage your subscription" link: pause, still without JavaScript.
  await shop.goto(`${baseURL}${manage}`);
  await expect(shop.getByRole('heading', { name: 'Your subscription', level: 1 })).toBeVisible();
  await expect(shop.getByRole('switch', { name: list.name })).toBeChecked();
  await shop.getByRole('radio', { name: 'Pause all mail for 60 days' }).check();
  await shop.getByRole('button', { name: 'Save' }).click();
  await expect(shop.getByRole('status')).toHaveText('Your choices are saved.');
  await expect(shop.getByText(/Your mail is paused until/)).toBeVisible();
  await visitor.close();
  const paused = await (
    await api.get(
      `/api/v1/lists/${list.id}/subscribers?paused=true&email=${encodeURIComponent(email)}`,
    )
  ).json();
  expect(paused.results.map((s: { email: string }) => s.email)).toEqual([email]);
  expect((await subscriber()).subscription).toBe('active');
});

test('the hosted page’s script solves the proof-of-work unseen, and the submission is accepted', async ({
  page,
  api,
}) => {
  const list = await createList(api, { double_opt_in: true });
  const form = await formOf(api, list.id, 'en');
  const challenge = page.waitForResponse((r) => r.url().endsWith(`/f/${form.id}/challenge`));
  await page.goto(`/f/${form.id}`);
  const issued = Date.now();
  expect((await challenge).status()).toBe(200);
  const proof = page.locator('input[name="altcha"]');
  await expect(proof).not.toHaveValue('');
  // Nothing to look at or press: the widget is invisible.
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await page
    .getByLabel('Email address')
    .fill(`${unique('solver').replace(/\s+/g, '-').toLowerCase()}@example.com`);
  // A person takes a few seconds; the server refuses a proof used sooner (too fast).
  await expect.poll(() => Date.now() - issued, { timeout: 10_000 }).toBeGreaterThan(3_500);
  const posted = page.waitForRequest((r) => r.method() === 'POST');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  expect((await posted).postData()).toMatch(/(^|&)altcha=[^&]+/);
  await expect(page.getByRole('heading', { name: 'Almost done' })).toBeVisible();
  const { stats } = await (await api.get(`/api/v1/forms/${form.id}`)).json();
  expect(stats).toMatchObject({ accepted: 1, blocked: { proof: 0, too_fast: 0, invalid: 0 } });
});

test('the hosted form passes axe in English, German and French', async ({ page, api }) => {
  const list = await createList(api, { double_opt_in: true });
  const headings = { en: 'Email address', de: 'E-Mail-Adresse', fr: 'Adresse e-mail' };
  for (const [language, label] of Object.entries(headings)) {
    const form = await formOf(api, list.id, language);
    await page.goto(`/f/${form.id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByLabel(label)).toBeVisible();
    await expectNoAxeViolations(page, `hosted form (${language})`);
    await page.goto(`/f/${form.id}/thanks`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expectNoAxeViolations(page, `thank-you page (${language})`);
  }
});
