import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchRoutes, renderWithProviders } from '../../../test/render';
import { WebhooksScreen } from './webhooks-screen';

const hook = {
  id: 3,
  url: 'https://crm.example/hooks',
  events: ['subscriber.created'],
  description: 'CRM',
  enabled: false,
  disabled_reason: 'Disabled on 2030-01-02: every attempt failed since 2030-01-01.',
  create_datetime: '2030-01-01T00:00:00Z',
};
const attempt = {
  id: 9,
  event_id: 'evt_1',
  type: 'subscriber.created',
  status_code: 500,
  error: '',
  response: 'boom',
  duration_ms: 12,
  datetime: '2030-01-01T00:00:01Z',
  payload: { type: 'subscriber.created', id: 'evt_1', data: { email: 'ada@example.org' } },
};
const page = (results: unknown[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

afterEach(() => vi.unstubAllGlobals());

describe('WebhooksScreen', () => {
  it('shows endpoints, the disabled notice, attempts with their payload, and replays', async () => {
    const user = userEvent.setup();
    const replay = vi.fn(() =>
      Response.json({ event_id: 'evt_1', type: 'subscriber.created' }, { status: 202 }),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchRoutes({
          '/api/v1/webhooks': page([hook]),
          '/api/v1/webhooks/3/attempts': page([attempt]),
          'POST /api/v1/webhooks/3/attempts/9/replay': replay,
        }),
      ),
    );
    renderWithProviders(<WebhooksScreen />, { path: '/webhooks' });
    const card = await screen.findByRole('region', { name: 'Endpoint https://crm.example/hooks' });
    expect(within(card).getByRole('alert')).toHaveTextContent('every attempt failed');
    const table = await screen.findByRole('table', { name: 'Recent attempts' });
    expect(within(table).getByText('500')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Payload of attempt 9' }));
    expect(await screen.findByLabelText('Payload JSON')).toHaveTextContent('ada@example.org');
    await user.keyboard('{Escape}');
    await user.click(within(table).getByRole('button', { name: 'Replay attempt 9' }));
    await vi.waitFor(() => expect(replay).toHaveBeenCalled());
  });

  it('shows the secret once after creating an endpoint, and field errors from the server', async () => {
    const user = userEvent.setup();
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchRoutes({
          '/api/v1/webhooks': page([]),
          'POST /api/v1/webhooks': () =>
            ++calls === 1
              ? Response.json({ url: ['This host is not allowed.'] }, { status: 400 })
              : Response.json(
                  { ...hook, enabled: true, disabled_reason: '', secret: 'whsec_abc' },
                  { status: 201 },
                ),
        }),
      ),
    );
    renderWithProviders(<WebhooksScreen />, { path: '/webhooks' });
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const form = await screen.findByRole('form', { name: 'Webhook endpoint' });
    await user.type(within(form).getByLabelText(/URL/), 'https://crm.example/hooks');
    await user.click(within(form).getByRole('checkbox', { name: 'subscriber.created' }));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText('This host is not allowed.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByLabelText('Secret')).toHaveTextContent('whsec_abc');
  });
});
