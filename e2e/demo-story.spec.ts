import type { APIRequestContext } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures';

/**
 * The demo data tells one story (server/demo/): every past delivery's progress is its
 * send log, and the statistics agree with it; the live delivery the first start schedules
 * (seconds after the e2e server starts, DEMO_LIVE_DELIVERY_MINUTES in e2e/serve.ts) goes
 * out to the embedded Outbox. Read-only but for what the server itself sends.
 */
const LIVE_MAILING = "Lumière: this week's arrivals";
/** The English variant's subject (the list also has French and Italian subscribers). */
const LIVE_SUBJECT = "This week's arrivals";

type Progress = { total: number; queued: number; sent: number; failed: number; bounced: number };
type Delivery = { id: number; scheduled_datetime: string; status: string; progress: Progress };

async function getJson<T>(api: APIRequestContext, url: string): Promise<T> {
  const response = await api.get(url);
  expect(response.ok(), `${url}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

const demoMailings = async (api: APIRequestContext) =>
  (
    await getJson<{ results: { id: number; name: string }[] }>(
      api,
      '/api/v1/mailings?page_size=1000',
    )
  ).results;

/** Mailings sent by automation steps: their deliveries follow the automation, not a schedule. */
async function automationMailings(api: APIRequestContext) {
  const lists = await getJson<{ results: { id: number }[] }>(api, '/api/v1/lists?page_size=100');
  const ids = new Set<number>();
  for (const list of lists.results) {
    const automations = await getJson<{ results: { steps: { mailing?: number }[] }[] }>(
      api,
      `/api/v1/lists/${list.id}/automations`,
    );
    for (const a of automations.results)
      for (const step of a.steps) if (step.mailing) ids.add(step.mailing);
  }
  return ids;
}

test('every past demo delivery shows the progress its statistics count', async ({ page, api }) => {
  const started = Date.now();
  let checked = 0;
  // The welcome sequence's step deliveries stay running while it is active (demo-data.test.ts
  // checks its runs against their statistics). Other spec files may add automations to the
  // shared server's data, so the demo's three step mailings are named, not counted.
  const ofAutomations = await automationMailings(api);
  const mailings = await demoMailings(api);
  expect(mailings.filter((m) => ofAutomations.has(m.id)).map((m) => m.name)).toEqual(
    expect.arrayContaining(['Acme: welcome', 'Acme: tips', 'Acme: welcome offer']),
  );
  for (const mailing of mailings) {
    if (ofAutomations.has(mailing.id)) continue;
    const past = (
      await getJson<Delivery[]>(api, `/api/v1/mailings/${mailing.id}/deliveries`)
    ).filter((d) => Date.parse(d.scheduled_datetime) < started - 3_600_000);
    if (past.length === 0) continue;
    checked++;
    const sum = (key: keyof Progress) => past.reduce((n, d) => n + d.progress[key], 0);
    const stats = (path: string) =>
      getJson<{ count: number }>(api, `/api/v1/statistics/${path}&mailing=${mailing.id}`).then(
        (r) => r.count,
      );
    const what = `${mailing.name}: ${JSON.stringify(past.map((d) => d.progress))}`;
    expect(
      past.every((d) => d.status === 'done'),
      what,
    ).toBe(true);
    // Everyone it was sent to is a recipient: delivered, or refused (a hard bounce).
    expect(sum('total'), what).toBeGreaterThan(0);
    expect(sum('sent') + sum('bounced'), what).toBe(sum('total'));
    expect(sum('bounced'), what).toBe(await stats('bounces?hard=true'));
    // Opens and clicks come from people it reached.
    expect(await stats('opens?unique=true'), what).toBeLessThanOrEqual(sum('sent'));
    expect(await stats('clicks?unique=true'), what).toBeGreaterThan(0);
  }
  expect(checked).toBeGreaterThan(10);

  // As the mailing page shows it: the delivery the issue found empty.
  const acme = (await demoMailings(api)).find((m) => m.name === 'Acme Weekly #41')!;
  const [delivery] = await getJson<Delivery[]>(api, `/api/v1/mailings/${acme.id}/deliveries`);
  await signIn(page, `/mailings/${acme.id}`);
  const card = page.getByRole('region', { name: /^Delivery of/ });
  const count = (term: string) =>
    card.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd');
  await expect(card.getByLabel('Status: Done')).toBeVisible();
  await expect(count('Total')).toHaveText(delivery!.progress.total.toLocaleString('en'));
  await expect(count('Sent')).toHaveText(delivery!.progress.sent.toLocaleString('en'));
  await expect(count('Bounced')).toHaveText(delivery!.progress.bounced.toLocaleString('en'));
  expect(delivery!.progress.total).toBeGreaterThan(1000);
});

test('the live demo delivery goes out to the Outbox by itself', async ({ page, api }) => {
  const live = (await demoMailings(api)).find((m) => m.name === LIVE_MAILING);
  expect(live, `the live demo mailing "${LIVE_MAILING}"`).toBeTruthy();
  await signIn(page, `/mailings/${live!.id}`);
  // Each variant's delivery: scheduled at start-up plus a few seconds, then sent (the page polls).
  const statuses = page.getByLabel(/^Status: /);
  await expect(statuses.first()).toBeVisible();
  await expect(page.getByLabel('Status: Done')).toHaveCount(await statuses.count(), {
    timeout: 60_000,
  });

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Outbox' })
    .click();
  await page.getByLabel('Search messages').fill(LIVE_SUBJECT);
  const table = page.getByRole('table', { name: 'Outbox' });
  await expect(table.getByRole('link', { name: LIVE_SUBJECT, exact: true }).first()).toBeVisible();
});
