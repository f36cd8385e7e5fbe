import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { addSubscriber, importSubscribers, setState } from '../subscribers-support';
import { createList } from './fixtures';

/**
 * Every screen of the dashboard, in one place, for checks that must visit them all
 * (accessibility.spec.ts). A new screen is one more entry in `screens`; a dialog or panel
 * worth checking open is one more entry in its `states`. The data they show is created once
 * per test by `prepareScreenData` (plus the demo data the e2e server loads).
 */
export type ScreenData = {
  listId: number;
  subscriberId: number;
  subscriberEmail: string;
  importId: number;
  mailingId: number;
  /** The demo mailing's list (its people who opened, its segments). */
  mailingListId: number;
  segmentId: number;
  campaignId: number;
  outboxMessageId: number;
};

export type ScreenState = {
  name: string;
  /** Brings the loaded screen into the state (opens the dialog…) and waits until it shows. */
  open: (page: Page, data: ScreenData) => Promise<void>;
};

export type Screen = {
  name: string;
  path: (data: ScreenData) => string;
  /** Shown once the screen has its data (beyond its level-1 heading and no skeletons). */
  ready?: (page: Page, data: ScreenData) => Promise<void>;
  /** Further states to check, each from a fresh load of the screen. */
  states?: ScreenState[];
  /** Checked signed out (sign-in). */
  signedOut?: boolean;
};

/** A sent demo mailing with opens, clicks and bounces (server/demo/mailing-plans.ts). */
const DEMO_MAILING = 'Neu: Hüttentouren';

const subscribersTable = (page: Page) => page.getByRole('table', { name: 'Subscribers' });

export const screens: Screen[] = [
  { name: 'sign-in', path: () => '/sign-in', signedOut: true },
  {
    name: 'lists',
    path: () => '/lists',
    ready: (page) => expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible(),
  },
  { name: 'list detail', path: (d) => `/lists/${d.listId}` },
  {
    name: 'subscribers',
    path: (d) => `/lists/${d.listId}/subscribers`,
    ready: (page, d) =>
      expect(
        subscribersTable(page).getByRole('row').filter({ hasText: d.subscriberEmail }),
      ).toBeVisible(),
    states: [
      {
        name: 'row menu open',
        open: async (page, d) => {
          await page.getByRole('button', { name: `Actions for ${d.subscriberEmail}` }).click();
          await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
        },
      },
      {
        name: 'delete confirmation open',
        open: async (page, d) => {
          await page.getByRole('button', { name: `Actions for ${d.subscriberEmail}` }).click();
          await page.getByRole('menuitem', { name: 'Delete' }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
        },
      },
      {
        name: 'bulk action dialog open',
        open: async (page) => {
          await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
          await page.getByRole('button', { name: 'Unsubscribe selected' }).click();
          await expect(
            page.getByRole('dialog').getByRole('table', { name: 'Impact' }),
          ).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'subscriber',
    path: (d) => `/lists/${d.listId}/subscribers/${d.subscriberId}`,
    ready: (page, d) => expect(page.getByText(d.subscriberEmail).first()).toBeVisible(),
  },
  {
    name: 'new subscriber',
    path: (d) => `/lists/${d.listId}/subscribers/new`,
    states: [
      {
        name: 'the 409 panel open',
        open: async (page, d) => {
          await page.getByRole('textbox', { name: 'Email' }).fill(d.subscriberEmail);
          await page.getByRole('button', { name: 'Add subscriber' }).click();
          await expect(
            page.getByRole('region', { name: 'Email already in the list' }),
          ).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'mailings',
    path: () => '/mailings',
    ready: (page) => expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible(),
  },
  { name: 'mailing', path: (d) => `/mailings/${d.mailingId}` },
  { name: 'composer', path: () => '/mailings/new' },
  { name: 'import', path: () => '/import' },
  {
    name: 'imports',
    path: (d) => `/lists/${d.listId}/imports`,
    ready: (page) => expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible(),
  },
  { name: 'import report', path: (d) => `/lists/${d.listId}/imports/${d.importId}` },
  {
    name: 'statistics',
    path: () => '/statistics',
    ready: (page) => expect(page.getByRole('figure').first()).toBeVisible(),
  },
  {
    name: 'statistics of a mailing',
    path: (d) => `/statistics?mailing=${d.mailingId}`,
    ready: (page) =>
      expect(
        page.getByRole('figure', { name: 'Opens over time' }).locator('.recharts-line-curve'),
      ).toHaveCount(1),
    states: [
      {
        name: 'a chart shown as its table',
        open: async (page) => {
          const figure = page.getByRole('figure', { name: 'Opens over time' });
          await figure.getByRole('button', { name: 'Show table of Opens over time' }).click();
          await expect(figure.getByRole('table', { name: 'Opens over time' })).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'campaign comparison',
    path: (d) => `/statistics?compare=${d.campaignId}`,
    ready: (page) => expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible(),
  },
  {
    name: 'people who opened a mailing',
    path: (d) => `/lists/${d.mailingListId}/people?mailing=${d.mailingId}&action=opened`,
    ready: (page) => expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible(),
  },
  { name: 'segments', path: (d) => `/lists/${d.mailingListId}/segments` },
  { name: 'new segment', path: (d) => `/lists/${d.listId}/segments/new` },
  { name: 'segment', path: (d) => `/lists/${d.listId}/segments/${d.segmentId}` },
  {
    name: 'people search',
    path: () => '/people?search=ada',
    ready: (page, d) => expect(page.getByText(d.subscriberEmail).first()).toBeVisible(),
  },
  {
    name: 'person',
    path: (d) => `/people/person?email=${encodeURIComponent(d.subscriberEmail)}`,
  },
  {
    name: 'outbox',
    path: () => '/outbox',
    ready: (page) => expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible(),
  },
  { name: 'outbox message', path: (d) => `/outbox/${d.outboxMessageId}` },
  { name: 'API reference', path: () => '/api-docs' },
  // The screens of the sending, team and integrations work.
  { name: 'sending setup', path: () => '/settings/sending' },
  { name: 'webhooks', path: () => '/webhooks' },
  { name: 'users', path: () => '/users' },
  { name: 'roles', path: () => '/roles' },
  { name: 'API tokens', path: () => '/tokens' },
  { name: 'security', path: () => '/security' },
  { name: 'audit log', path: () => '/audit' },
  {
    name: 'regions',
    path: () => '/regions',
    ready: (page) => expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible(),
  },
  {
    name: 'languages',
    path: () => '/languages',
    ready: (page) => expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible(),
  },
];

/** A list with subscribers in several states and a finished import; a demo mailing. */
export async function prepareScreenData(api: APIRequestContext): Promise<ScreenData> {
  const list = await createList(api);
  const stamp = Date.now().toString(36);
  const emails = ['ada', 'ben', 'cleo', 'dan'].map((n) => `${n}-${stamp}@example.com`);
  const [ada, ben, cleo] = await Promise.all(
    emails
      .slice(0, 3)
      .map((email, i) =>
        addSubscriber(api, list.id, { email, first_name: ['Ada', 'Ben', 'Cleo'][i] }),
      ),
  );
  await setState(api, list.id, ben!.id, 'unsubscribed');
  await setState(api, list.id, cleo!.id, 'deleted');
  await importSubscribers(api, list.id, [emails[3]!]);
  const imports = await api.get(`/api/v1/lists/${list.id}/imports`);
  expect(imports.ok(), await imports.text()).toBe(true);
  const importId = ((await imports.json()) as { results: { id: number }[] }).results[0]!.id;

  const mailings = await api.get('/api/v1/mailings', { params: { page_size: 1000 } });
  const { results } = (await mailings.json()) as { results: { id: number; name: string }[] };
  const mailing = results.find((m) => m.name === DEMO_MAILING);
  expect(mailing, `demo mailing "${DEMO_MAILING}"`).toBeTruthy();

  const detail = await api.get(`/api/v1/mailings/${mailing!.id}`);
  const mailingListId = ((await detail.json()) as { list: number }).list;
  const segment = await api.post(`/api/v1/lists/${list.id}/segments`, {
    data: {
      name: `Active ${stamp}`,
      filter: { match: 'all', conditions: [{ field: 'subscription', in: ['active'] }] },
    },
  });
  expect(segment.ok(), await segment.text()).toBe(true);
  const campaigns = await api.get('/api/v1/campaigns', { params: { page_size: 1000 } });
  const campaign = ((await campaigns.json()) as { results: { id: number }[] }).results[0];
  expect(campaign, 'a demo campaign').toBeTruthy();
  const test = await api.post(`/api/v1/mailings/${mailing!.id}/test`, {
    data: { email: `screens-${stamp}@example.com` },
  });
  expect(test.status(), await test.text()).toBe(202);
  const outbox = await api.get('/api/v1/outbox');
  const message = ((await outbox.json()) as { results: { id: number }[] }).results[0]!;

  return {
    listId: list.id,
    subscriberId: ada!.id,
    subscriberEmail: ada!.email,
    importId,
    mailingId: mailing!.id,
    mailingListId,
    segmentId: ((await segment.json()) as { id: number }).id,
    campaignId: campaign!.id,
    outboxMessageId: message.id,
  };
}
