import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders as renderApp } from '../../../test/render';
import { StatisticsScreen } from './statistics-screen';

/** Renders as the app does, inside Lingui's provider. */
const renderWithProviders = (ui: ReactElement, options?: Parameters<typeof renderApp>[1]) =>
  renderApp(<I18nProvider i18n={i18n}>{ui}</I18nProvider>, options);

const list = {
  id: 2,
  create_datetime: '2025-01-01T00:00:00.000Z',
  create_user: 1,
  update_datetime: '2025-01-01T00:00:00.000Z',
  update_user: 1,
  name: 'News',
  default_from_name: 'News',
  default_from_email: 'news@example.com',
  default_replyto_email: '',
  default_language: 'en',
  languages: ['en'],
};
const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const opens = [
  { mailing: 3, email: 'a@example.com', datetime: '2025-06-01T08:10:00.000Z' },
  { mailing: 3, email: 'b@example.com', datetime: '2025-06-01T08:50:00.000Z' },
  { mailing: 3, email: 'a@example.com', datetime: '2025-06-02T10:00:00.000Z' },
];

/**
 * Another deployment of the API: the spec's collections only — no series or top-link
 * extension (404), no single-mailing endpoint (405), no subscriber counts on lists.
 */
function specOnlyServer() {
  const requests: string[] = [];
  const fetch = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    requests.push(`${url.pathname}${url.search}`);
    const json = (body: unknown, status = 200) => Response.json(body, { status });
    switch (url.pathname) {
      case '/api/v1/lists':
        return json(page([list]));
      case '/api/v1/mailings':
        return json(page([{ id: 3, name: 'Summer', campaign: 1 }]));
      case '/api/v1/mailings/3':
        return json({ detail: 'Method "GET" not allowed.' }, 405);
      case '/api/v1/statistics/opens':
        return json(page(opens));
      case '/api/v1/statistics/clicks':
      case '/api/v1/statistics/bounces':
        return json(page([]));
      default:
        return json({ detail: 'Not found.' }, 404);
    }
  });
  return { fetch, requests };
}

afterEach(() => vi.unstubAllGlobals());

describe('StatisticsScreen on a server without our extensions', () => {
  it('counts the charts in the browser, maps the range, and explains why alignment is off', async () => {
    const server = specOnlyServer();
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<StatisticsScreen />, {
      path: '/statistics?mailing=3&start=2025-06-01&end=2025-06-02',
    });

    const card = await screen.findByRole('figure', { name: 'Opens over time' });
    expect(await within(card).findByText('3 opens in total, per hour (UTC)')).toBeInTheDocument();
    expect(
      screen.getByText(/Charts counted in your browser from the raw records/),
    ).toBeInTheDocument();

    await userEvent.click(
      within(card).getByRole('button', { name: 'Show table of Opens over time' }),
    );
    const table = within(card).getByRole('table', { name: 'Opens over time' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 48 + 1);
    expect(within(table).getByRole('row', { name: /^Jun 1, 08:00 2$/ })).toBeInTheDocument();

    // The range as the API module maps it: start → to_datetime, end → from_datetime.
    expect(server.requests).toContainEqual(
      expect.stringMatching(
        /^\/api\/v1\/statistics\/opens\?mailing=3&page=1&page_size=1000&to_datetime=2025-06-01T00%3A00%3A00\.000Z&from_datetime=2025-06-02T23%3A59%3A59\.999Z$/,
      ),
    );
    expect(screen.getByRole('switch', { name: /^Align on time since delivery/ })).toBeDisabled();
    expect(screen.getByText(/does not tell delivery times/)).toBeInTheDocument();
    expect(screen.getAllByText('Rate: no base known')).toHaveLength(2);
  });

  it('hides the automation and people/machines filters and sends neither where the API lacks them', async () => {
    const server = specOnlyServer();
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<StatisticsScreen />, {
      path: '/statistics?list=2&automation=5&step=1&start=2025-06-01&end=2025-06-02&hits=machine',
    });
    const card = await screen.findByRole('figure', { name: 'Opens over time' });
    expect(await within(card).findByText('3 opens in total, per hour (UTC)')).toBeInTheDocument();
    expect(server.requests).toContain('/api/v1/lists/2/automations?page_size=1000');
    expect(screen.getByRole('combobox', { name: 'List' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Automation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Step' })).not.toBeInTheDocument();
    expect(server.requests.filter((r) => /[?&](automation|step)=/.test(r))).toEqual([]);
    // No `class` where hits are not classified (issue 51): every record counts, as upstream.
    expect(server.requests.filter((r) => /[?&]class=/.test(r) && !r.includes('/clients?'))).toEqual(
      [],
    );
    expect(screen.queryByText('Opens and clicks by')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Opens' })).toBeInTheDocument();
  });
});
