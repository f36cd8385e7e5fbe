import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch, renderWithList, testSubscriber } from '../test-utils';
import { BulkDialog } from './bulk-dialog';

afterEach(() => vi.unstubAllGlobals());

const target = (id: number, subscription: 'active' | 'unsubscribed' | 'pending' = 'active') => ({
  id,
  email: `s${id}@example.com`,
  subscription,
});

describe('BulkDialog', () => {
  it('shows the impact, runs, and reports each item', async () => {
    const user = userEvent.setup();
    const calls = mockFetch((url) => {
      if (url.pathname.endsWith('/2/unsubscribe'))
        return { status: 404, body: { detail: 'Not found.' } };
      if (url.pathname.endsWith('/unsubscribe'))
        return { status: 200, body: { status: 'unsubscribed' } };
      return undefined;
    });
    const onClose = vi.fn();
    renderWithList(
      <BulkDialog
        listId={7}
        action="unsubscribe"
        source={{ kind: 'items', targets: [target(1), target(2), target(3, 'unsubscribed')] }}
        onClose={onClose}
      />,
    );
    const impact = screen.getByRole('table', { name: 'Impact' });
    expect(within(impact).getByRole('row', { name: /^Active 2/ })).toHaveTextContent(
      'Unsubscribed',
    );
    expect(within(impact).getByRole('row', { name: /^Unsubscribed 1/ })).toHaveTextContent(
      'No change (already unsubscribed)',
    );
    await user.click(screen.getByRole('button', { name: 'Unsubscribe 2 subscribers' }));
    const report = await screen.findByRole('region', { name: 'Report' });
    expect(report).toHaveTextContent('Done1');
    expect(report).toHaveTextContent('Unchanged1');
    expect(report).toHaveTextContent('Failed1');
    expect(within(report).getByRole('list', { name: 'Failures' })).toHaveTextContent(
      's2@example.com: This item does not exist (any more).',
    );
    // The unchanged one was never sent.
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('collects "all matching" page by page when the states are not known, then previews', async () => {
    const user = userEvent.setup();
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/v1/lists/7/subscribers' && (init.method ?? 'GET') === 'GET')
        return {
          status: 200,
          body: envelope([testSubscriber(1), testSubscriber(2, { subscription: 'pending' })]),
        };
      if (url.pathname.endsWith('/activate')) return { status: 200, body: { status: 'active' } };
      return undefined;
    });
    renderWithList(
      <BulkDialog
        listId={7}
        action="activate"
        source={{ kind: 'all', count: 2, counts: undefined, filter: { email: 'x@y.z' } }}
        onClose={vi.fn()}
      />,
    );
    const button = await screen.findByRole('button', { name: 'Activate 1 subscriber' });
    const get = calls.find((c) => c.method === 'GET')!;
    expect(Object.fromEntries(get.url.searchParams)).toMatchObject({
      email: 'x@y.z',
      page_size: '1000',
      ordering: 'id',
    });
    await user.click(button);
    expect(await screen.findByRole('region', { name: 'Report' })).toHaveTextContent('Done1');
  });
});
