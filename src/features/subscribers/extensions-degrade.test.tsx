import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubscriberHistory } from './components/subscriber-history';
import { SubscribersScreen } from './components/subscribers-screen';
import { PeopleSearchBox } from './people/people-search-box';
import { envelope, mockFetch, renderWithList, testSubscriber } from './test-utils';

afterEach(() => vi.unstubAllGlobals());

const entry = {
  id: 1,
  at: '2024-01-01T10:00:00.000Z',
  kind: 'created',
  via: 'import',
  user: { id: 1, username: 'admin@example.com' },
  import: { id: 12, file: 'fair.csv' },
  field: null,
  old_value: null,
  new_value: null,
};

// Supported cases first: an extension found missing is remembered for the session.
describe('with the extensions', () => {
  it('shows the history region', async () => {
    mockFetch((url) =>
      url.pathname === '/api/v1/lists/7/subscribers/3/history'
        ? { status: 200, body: envelope([entry]) }
        : undefined,
    );
    renderWithList(<SubscriberHistory listId={7} subscriberId={3} />);
    expect(await screen.findByText('(fair.csv)', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'History' })).toBeInTheDocument();
  });

  it("says when a recipient's own link or a bounce report changed the state", async () => {
    const change = (id: number, via: string, to: string) => ({
      ...entry,
      id,
      kind: 'state',
      via,
      user: null,
      import: null,
      field: 'subscription',
      old_value: 'active',
      new_value: to,
    });
    mockFetch((url) =>
      url.pathname === '/api/v1/lists/7/subscribers/4/history'
        ? {
            status: 200,
            body: envelope([
              change(3, 'bounce', 'bounced'),
              change(2, 'unsubscribe-link', 'unsubscribed'),
            ]),
          }
        : undefined,
    );
    renderWithList(<SubscriberHistory listId={7} subscriberId={4} />);
    expect(await screen.findByText(/a bounce report/)).toBeInTheDocument();
    expect(screen.getByText(/the recipient's unsubscribe link/)).toBeInTheDocument();
  });
});

describe('against an API without the extensions (404)', () => {
  it('hides the history region', async () => {
    const calls = mockFetch();
    renderWithList(<SubscriberHistory listId={7} subscriberId={3} />);
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/history'))).toBe(true));
    await waitFor(() => expect(screen.queryByText('Loading…')).toBeNull());
    expect(screen.queryByRole('region', { name: 'History' })).toBeNull();
    expect(screen.queryByText('History')).toBeNull();
  });

  it('looks up exact addresses in the table instead of searching, and hides the header box', async () => {
    const calls = mockFetch((url) =>
      url.pathname === '/api/v1/lists/7/subscribers'
        ? { status: 200, body: envelope([testSubscriber(1)]) }
        : undefined,
    );
    renderWithList(
      <>
        <PeopleSearchBox />
        <SubscribersScreen />
      </>,
    );
    expect(await screen.findByRole('searchbox', { name: 'Email address' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Find' })).toBeInTheDocument();
    expect(screen.queryByRole('searchbox', { name: 'Search subscribers' })).toBeNull();
    expect(screen.queryByRole('search', { name: 'Find people in all lists' })).toBeNull();
    expect(calls.some((c) => c.url.searchParams.has('search'))).toBe(false);
  });
});
