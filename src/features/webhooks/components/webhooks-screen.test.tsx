import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../api/session';
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
  lists: null,
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

afterEach(() => {
  vi.unstubAllGlobals();
  // Forgets which extensions (GET /me) the last test's server lacked.
  session.signOut();
});

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

  describe('lists', () => {
    const list = (id: number, name: string) => ({
      id,
      create_datetime: '2030-01-01T00:00:00Z',
      create_user: null,
      update_datetime: '2030-01-01T00:00:00Z',
      update_user: null,
      name,
      default_from_name: 'Shop',
      default_from_email: 'shop@example.com',
      default_replyto_email: '',
      default_language: 'en',
      languages: ['en'],
    });
    const lists = page([list(1, 'Newsletter'), list(2, 'Customers')]);
    const me = (grants: unknown) => ({
      id: 5,
      username: 'ann@example.com',
      role: 'integrator',
      lists: grants,
      active: true,
      two_factor: false,
      permissions: ['webhooks:manage'],
    });
    /** Renders the screen and opens "Add endpoint"; `created` receives each POST's body. */
    async function openForm(routes: Record<string, unknown>, created: (body: unknown) => void) {
      const user = userEvent.setup();
      vi.stubGlobal(
        'fetch',
        vi.fn(
          fetchRoutes({
            '/api/v1/lists': lists,
            ...routes,
            'POST /api/v1/webhooks': (init: RequestInit) => {
              created(JSON.parse(String(init.body)));
              return Response.json({ ...hook, secret: 'whsec_abc' }, { status: 201 });
            },
          }),
        ),
      );
      renderWithProviders(<WebhooksScreen />, { path: '/webhooks' });
      await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
      const form = await screen.findByRole('form', { name: 'Webhook endpoint' });
      await user.type(within(form).getByLabelText(/URL/), 'https://crm.example/hooks');
      await user.click(within(form).getByRole('checkbox', { name: 'subscriber.created' }));
      return { user, form };
    }
    const pick = async (
      user: ReturnType<typeof userEvent.setup>,
      form: HTMLElement,
      label: RegExp,
      list: string,
    ) => {
      await user.click(within(form).getByLabelText(label));
      await user.click(await screen.findByRole('option', { name: list, hidden: true }));
    };

    it('shows each endpoint’s lists, and every list by default', async () => {
      const bodies: unknown[] = [];
      const { user, form } = await openForm(
        {
          '/api/v1/webhooks': page([
            { ...hook, id: 4, url: 'https://b.example/h', lists: [2] },
            hook,
          ]),
        },
        (body) => bodies.push(body),
      );
      expect(
        screen.getByRole('region', { name: 'Endpoint https://crm.example/hooks' }),
      ).toHaveTextContent('Lists: every list');
      expect(await screen.findByText('Lists: Customers')).toBeInTheDocument();
      expect(within(form).getByRole('radio', { name: /Every list/ })).toBeChecked();
      await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
      await vi.waitFor(() => expect(bodies).toHaveLength(1));
      expect(bodies[0]).not.toHaveProperty('lists');
    });

    it('sends the chosen lists', async () => {
      const bodies: unknown[] = [];
      const { user, form } = await openForm({ '/api/v1/webhooks': page([]) }, (body) =>
        bodies.push(body),
      );
      await user.click(within(form).getByRole('radio', { name: 'Only the chosen lists' }));
      await pick(user, form, /^Chosen lists/, 'Newsletter');
      await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
      await vi.waitFor(() => expect(bodies).toEqual([expect.objectContaining({ lists: [1] })]));
    });

    it('a user limited to some lists must choose among them', async () => {
      const bodies: unknown[] = [];
      const { user, form } = await openForm(
        { '/api/v1/webhooks': page([]), '/api/v1/me': me([{ list: 1, access: 'manage' }]) },
        (body) => bodies.push(body),
      );
      expect(within(form).queryByRole('radio', { name: /Every list/ })).toBeNull();
      await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
      expect(await within(form).findByText('Choose at least one list.')).toBeInTheDocument();
      await pick(user, form, /^Lists/, 'Newsletter');
      await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
      await vi.waitFor(() => expect(bodies).toEqual([expect.objectContaining({ lists: [1] })]));
    });

    it('offers no choice against a server whose endpoints have no lists', async () => {
      const { lists: _, ...older } = hook;
      const bodies: unknown[] = [];
      const { user, form } = await openForm({ '/api/v1/webhooks': page([older]) }, (body) =>
        bodies.push(body),
      );
      expect(within(form).queryByRole('radio', { name: /Every list/ })).toBeNull();
      expect(within(form).queryByLabelText(/Lists/)).toBeNull();
      expect(screen.queryByText(/^Lists:/)).toBeNull();
      await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
      await vi.waitFor(() => expect(bodies).toHaveLength(1));
      expect(bodies[0]).not.toHaveProperty('lists');
    });
  });
});
