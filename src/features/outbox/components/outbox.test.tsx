import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchRoutes, renderWithProviders } from '../../../test/render';
import { OutboxMessageView } from './outbox-message-view';
import { OutboxTable } from './outbox-table';

const item = {
  id: 41,
  to: 'ann@example.com',
  subject: 'Spring sale',
  mailing: 12,
  delivery: 5,
  kind: 'delivery',
  create_datetime: '2030-01-01T08:00:03Z',
};

const message = {
  ...item,
  from: 'Shop <shop@example.com>',
  headers: {
    'Message-ID': '<abc@mailboard>',
    'list-unsubscribe': '<http://localhost/u/tok>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
  html: '<!doctype html><p>Hi <a href="http://localhost/t/c/xyz">shop</a><img src="http://localhost/t/o/xyz"><script>alert(1)</script></p>',
  text: 'Hi, shop: http://localhost/t/c/xyz',
  redacted: false,
};

afterEach(() => vi.unstubAllGlobals());

describe('OutboxTable', () => {
  it('lists the messages and keeps the search in the URL', async () => {
    const user = userEvent.setup();
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        urls.push(url);
        return fetchRoutes({
          '/api/v1/outbox': { count: 1, next: null, previous: null, results: [item] },
        })(url, init);
      }),
    );
    const { router } = renderWithProviders(<OutboxTable />, { path: '/outbox' });
    const table = await screen.findByRole('table', { name: 'Outbox' });
    expect(await within(table).findByRole('link', { name: 'Spring sale' })).toHaveAttribute(
      'href',
      '/outbox/41',
    );
    expect(within(table).getByText('ann@example.com')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search messages'), 'ann');
    await waitFor(() => expect(router.state.location.search).toBe('?search=ann'));
    await waitFor(() => expect(urls.some((u) => u.includes('search=ann'))).toBe(true));
  });

  it('explains that there is no outbox where the server answers 404', async () => {
    vi.stubGlobal('fetch', vi.fn(fetchRoutes({})));
    renderWithProviders(<OutboxTable />, { path: '/outbox' });
    expect(await screen.findByText('No outbox on this server')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('OutboxMessageView', () => {
  it('shows the headers and the HTML only in a sandboxed frame whose links open a new tab', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', vi.fn(fetchRoutes({ '/api/v1/outbox/41': message })));
    renderWithProviders(<OutboxMessageView messageId={41} />, { path: '/outbox/41' });
    const headers = await screen.findByRole('table', { name: 'Headers' });
    const value = (name: string) =>
      within(headers).getByRole('rowheader', { name }).nextElementSibling?.textContent;
    expect(value('From')).toBe('Shop <shop@example.com>');
    expect(value('To')).toBe('ann@example.com');
    expect(value('Subject')).toBe('Spring sale');
    expect(value('List-Unsubscribe')).toBe('<http://localhost/u/tok>');
    expect(screen.queryByText('Links hidden')).not.toBeInTheDocument();

    const frame = screen.getByTitle('HTML of “Spring sale”');
    expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
    const doc = frame.getAttribute('srcdoc')!;
    expect(doc).toContain(
      `content="default-src 'none'; img-src data: ${window.location.origin}/media/; style-src 'unsafe-inline'"`,
    );
    expect(doc).toContain('<base target="_blank">');
    expect(screen.getByRole('tab', { name: 'HTML' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: 'Plain text' }));
    expect(screen.getByRole('tab', { name: 'Plain text' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByText('Hi, shop: http://localhost/t/c/xyz')).toBeVisible();
  });

  it('says when a message’s links are redacted (system mail)', async () => {
    const invitation = {
      ...message,
      id: 42,
      subject: 'You are invited to Mailboard',
      mailing: null,
      delivery: null,
      kind: 'system',
      html: '<p><a href="http://localhost/invitation/[redacted]">Set your password</a></p>',
      text: 'Set your password: http://localhost/invitation/[redacted]',
      redacted: true,
    };
    vi.stubGlobal('fetch', vi.fn(fetchRoutes({ '/api/v1/outbox/42': invitation })));
    renderWithProviders(<OutboxMessageView messageId={42} />, { path: '/outbox/42' });
    expect(await screen.findByRole('status')).toHaveTextContent('Mailboard’s own mail to a user');
    expect(screen.getByText('Links hidden')).toBeVisible();
  });

  it('says a message that is gone is gone', async () => {
    vi.stubGlobal('fetch', vi.fn(fetchRoutes({})));
    renderWithProviders(<OutboxMessageView messageId={99} />, { path: '/outbox/99' });
    expect(await screen.findByText('Message not found')).toBeInTheDocument();
  });
});
