import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchRoutes, renderWithProviders } from '../../../test/render';
import { HomeScreen } from './home-screen';

afterEach(() => vi.unstubAllGlobals());

const change = { days_7: 12, days_30: -3, days_90: 0 };

describe('HomeScreen', () => {
  it('shows the cards the answer carries, with signed changes and optional figures', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchRoutes({
          '/api/v1/overview': {
            audience: {
              active: 1200,
              change,
              lists: [{ id: 4, name: 'Hut news', active: 1200, change, since: '2026-01-02' }],
            },
            mailings: [
              {
                id: 9,
                name: 'Spring',
                list: 4,
                sent_datetime: '2026-03-01T09:00:00Z',
                sent: 200,
                opened: 50,
                clicked: 10,
                bounces: 2,
                complaints: 1,
              },
            ],
          },
        }),
      ),
    );
    renderWithProviders(<HomeScreen />);
    const audience = await screen.findByRole('region', { name: 'Audience' });
    expect(within(audience).getByText('1,200', { selector: 'p' })).toBeInTheDocument();
    expect(within(audience).getByRole('row', { name: 'Hut news 1,200 +12 −3 0' })).toBeVisible();
    const mailings = screen.getByRole('table', { name: 'Last mailings' });
    expect(within(mailings).getByRole('columnheader', { name: 'Complaints' })).toBeVisible();
    expect(within(mailings).getByRole('link', { name: 'Statistics of Spring' })).toHaveAttribute(
      'href',
      '/statistics?mailing=9',
    );
    expect(within(mailings).getByRole('cell', { name: '50 (25.0%)' })).toBeVisible();
    // Not in the answer: not on the screen.
    expect(screen.queryByRole('region', { name: 'Running and scheduled' })).toBeNull();
    expect(screen.queryByRole('alert', { name: 'Needs attention' })).toBeNull();
  });

  it('says so where the server has no overview', async () => {
    vi.stubGlobal('fetch', vi.fn(fetchRoutes({})));
    renderWithProviders(<HomeScreen />);
    expect(await screen.findByText(/This server does not offer an overview/)).toBeVisible();
  });
});
