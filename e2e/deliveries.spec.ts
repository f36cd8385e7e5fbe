import type { APIRequestContext, Page } from '@playwright/test';
import { create, createList, expect, signIn, test, unique } from './support/fixtures';

/**
 * Sending, end to end, on the e2e server's embedded outbox (no SMTP_URL): a delivery goes
 * out at its time, its progress shows live on the mailing page, the message waits in the
 * Outbox as its recipient would see it, and following its tracked link lands in the
 * statistics. Each test makes its own list, subscriber and mailing.
 */
const LANDING = 'https://shop.example.com/spring-sale';

async function mailingFor(api: APIRequestContext, secondsAhead: number) {
  const list = await createList(api, { double_opt_in: false });
  const email = `${unique('reader').replace(/\s+/g, '-').toLowerCase()}@example.com`;
  await create(api, `/lists/${list.id}/subscribers`, { email });
  const subject = unique('Spring sale');
  const mailing = await create<{ id: number }>(api, '/mailings', {
    list: list.id,
    name: unique('E2E sending'),
    variants: [
      {
        subject,
        layout: {
          text: `<!doctype html><html><body><h1>Spring</h1><p>See the <a href="${LANDING}">sale</a>.</p></body></html>`,
        },
        deliveries: [
          { scheduled_datetime: new Date(Date.now() + secondsAhead * 1000).toISOString() },
        ],
      },
    ],
  });
  return { mailingId: mailing.id, email, subject };
}

const deliveryCard = (page: Page) => page.getByRole('region', { name: /^Delivery of/ });
const count = (page: Page, term: string) =>
  deliveryCard(page).locator('dt', { hasText: term }).locator('xpath=following-sibling::dd');

test('a scheduled delivery goes out, shows in the Outbox, and its click reaches the statistics', async ({
  page,
  api,
}) => {
  test.setTimeout(120_000);
  const { mailingId, email, subject } = await mailingFor(api, 4);
  await signIn(page, `/mailings/${mailingId}`);

  // Progress, live: the page polls until the delivery is done.
  const card = deliveryCard(page);
  await expect(
    card.getByLabel('Status: Scheduled').or(card.getByLabel(/Status: (Sending|Done)/)),
  ).toBeVisible();
  await expect(card.getByLabel('Status: Done')).toBeVisible({ timeout: 60_000 });
  await expect(card.getByRole('progressbar', { name: /Progress of the delivery/ })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(count(page, 'Sent')).toHaveText('1');
  await expect(count(page, 'Failed')).toHaveText('0');
  await expect(card.getByRole('button', { name: 'Pause' })).toHaveCount(0);

  // The Outbox, from the navigation; the search stays in the URL.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Outbox' })
    .click();
  await page.getByLabel('Search messages').fill(email);
  await expect(page).toHaveURL(/[?&]search=/);
  const table = page.getByRole('table', { name: 'Outbox' });
  await table.getByRole('link', { name: subject }).click();
  await expect(page.getByRole('heading', { name: subject, level: 1 })).toBeVisible();
  const headers = page.getByRole('table', { name: 'Headers' });
  await expect(headers.getByRole('row', { name: /^To/ })).toContainText(email);
  await expect(headers.getByRole('row', { name: /^List-Unsubscribe / })).toContainText('/u/');

  // The HTML in its sandbox; its link is tracked and opens in a new tab.
  const frame = page.getByTitle(`HTML of “${subject}”`);
  await expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
  const link = page
    .frameLocator(`iframe[title="HTML of “${subject}”"]`)
    .getByRole('link', { name: 'sale' });
  await expect(link).toHaveAttribute('href', /\/t\/c\//);
  // The landing page is on the web; answer it here so the test needs no network.
  await page.context().route(`${LANDING}*`, (route) => route.fulfill({ body: 'Landed' }));
  const popupOpened = page.waitForEvent('popup');
  await link.click();
  const popup = await popupOpened;
  await popup.waitForURL(LANDING);
  await popup.close();

  await page.getByRole('tab', { name: 'Plain text' }).click();
  await expect(page).toHaveURL(/[?&]part=text/);
  await expect(page.getByText(/\/t\/c\//)).toBeVisible();

  // The click, in the statistics of that mailing. Headless Chromium names itself
  // HeadlessChrome, a known bot (issue 51): its click counts among the machines', so the
  // screen is asked for every hit.
  await page.goto(`/statistics?mailing=${mailingId}&hits=all`);
  const clicks = page.getByRole('figure', { name: 'Clicks over time' });
  await expect(clicks.getByText(/^1 clicks? in total/)).toBeVisible();
  await expect(
    page.getByRole('figure', { name: 'Top clicked links' }).getByRole('button', {
      name: new RegExp(`^Filter records by ${LANDING.replace(/[.]/g, '\\.')}`),
    }),
  ).toBeVisible();
});

test('a delivery can be paused, resumed and cancelled; a test goes to the Outbox', async ({
  page,
  api,
}) => {
  const { mailingId, subject } = await mailingFor(api, 3600);
  await signIn(page, `/mailings/${mailingId}`);
  const card = deliveryCard(page);
  await expect(card.getByLabel('Status: Scheduled')).toBeVisible();

  await card.getByRole('button', { name: 'Pause' }).click();
  await expect(card.getByLabel('Status: Paused')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Pause' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Resume' }).click();
  await expect(card.getByLabel('Status: Scheduled')).toBeVisible();

  await card.getByRole('button', { name: 'Cancel delivery' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this delivery?' });
  await dialog.getByRole('button', { name: 'Cancel delivery' }).click();
  await expect(card.getByLabel('Status: Cancelled')).toBeVisible();
  await expect(card.getByRole('button')).toHaveCount(0);

  // Send a test: a bad address is refused on the field, a good one lands in the Outbox.
  const testEmail = page.getByLabel(/Test recipient's email/);
  await testEmail.fill('not an address');
  await page.getByRole('button', { name: 'Send test' }).click();
  await expect(testEmail).toHaveAttribute('aria-invalid', 'true');
  const tester = `${unique('tester').replace(/\s+/g, '-').toLowerCase()}@example.com`;
  await testEmail.fill(tester);
  await page.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText(`Test sent to ${tester}`)).toBeVisible();
  await expect(page.getByText(/^Message-ID /)).toBeVisible();

  await page.goto(`/outbox?search=${encodeURIComponent(tester)}`);
  await expect(
    page.getByRole('table', { name: 'Outbox' }).getByRole('link', { name: new RegExp(subject) }),
  ).toBeVisible();
});

/** Whether the page itself scrolls sideways (a table may, inside its own container). */
const pageOverflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test('at 390 px and by keyboard: the delivery panel, the Outbox and a message', async ({
  page,
  api,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { mailingId, subject } = await mailingFor(api, 3600);
  const tester = `${unique('mobile').replace(/\s+/g, '-').toLowerCase()}@example.com`;
  await signIn(page, `/mailings/${mailingId}`);
  const card = deliveryCard(page);
  await expect(card.getByLabel('Status: Scheduled')).toBeVisible();
  expect(await pageOverflows(page)).toBe(false);

  // Pause by keyboard, then send a test with Enter in the email field.
  await card.getByRole('button', { name: 'Pause' }).focus();
  await page.keyboard.press('Enter');
  await expect(card.getByLabel('Status: Paused')).toBeVisible();
  await page.getByLabel(/Test recipient's email/).fill(tester);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Test sent to ${tester}`)).toBeVisible();

  await page.goto(`/outbox?search=${encodeURIComponent(tester)}`);
  const link = page.getByRole('table', { name: 'Outbox' }).getByRole('link', { name: subject });
  await expect(link).toBeVisible();
  expect(await pageOverflows(page)).toBe(false);
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: subject, level: 1 })).toBeVisible();
  expect(await pageOverflows(page)).toBe(false);
  await page.getByRole('tab', { name: 'HTML' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Plain text' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page).toHaveURL(/[?&]part=text/);
});

test('an opt-in link shows a button; only pressing it confirms the subscription', async ({
  page,
  api,
}) => {
  const list = await createList(api, { double_opt_in: true });
  const email = `${unique('optin').replace(/\s+/g, '-').toLowerCase()}@example.com`;
  const subscriber = await create<{ id: number; subscription: string }>(
    api,
    `/lists/${list.id}/subscribers`,
    { email },
  );
  expect(subscriber.subscription).toBe('pending');
  const state = async () =>
    (await (await api.get(`/api/v1/lists/${list.id}/subscribers/${subscriber.id}`)).json())
      .subscription;

  // The server's worker sends the confirmation to the outbox within a poll or two.
  let link = '';
  await expect(async () => {
    const found = await (
      await api.get(`/api/v1/outbox?search=${encodeURIComponent(email)}`)
    ).json();
    expect(found.results).toHaveLength(1);
    const message = await (await api.get(`/api/v1/outbox/${found.results[0].id}`)).json();
    link = /https?:\/\/\S+?(\/c\/[^\s"<]+)/.exec(message.text)![1]!;
  }).toPass({ timeout: 30_000 });

  // Opening the link (what a mail scanner's prefetch does too) changes nothing.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm your subscription' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  expect(await state()).toBe('pending');

  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();
  expect(await state()).toBe('active');
});
