import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryState } from '../../../api/deliveries';
import { fetchRoutes, renderWithProviders } from '../../../test/render';
import { MailingDeliveries } from './mailing-deliveries';

const delivery = (over: Partial<DeliveryState> = {}): DeliveryState => ({
  id: 5,
  mailing: 12,
  variant: 31,
  languages: ['en'],
  scheduled_datetime: '2030-01-01T08:00:00Z',
  status: 'running',
  progress: { total: 10, queued: 4, sent: 4, failed: 1, bounced: 1 },
  started_datetime: '2030-01-01T08:00:02Z',
  finished_datetime: null,
  ...over,
});

const failedPage = {
  count: 1,
  next: null,
  previous: null,
  results: [
    {
      email: 'gone@example.com',
      subscriber: 7,
      state: 'failed',
      attempts: 5,
      last_error: '451 4.7.1 Try again later',
      message_id: '',
      smtp_response: '451 4.7.1 Try again later',
      sent_datetime: null,
      duplicate: false,
    },
  ],
};

// As the service answers: variants without ids; the deliveries name them.
const variants = [
  { languages: ['en'], label: 'English (en)' },
  { languages: ['de'], label: 'German (de)' },
];

function countOf(card: HTMLElement, term: string) {
  return within(card).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
}

afterEach(() => vi.unstubAllGlobals());

describe('MailingDeliveries', () => {
  it('shows progress, counts, status and the failures with their reasons', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchRoutes({
          '/api/v1/mailings/12/deliveries': [delivery()],
          '/api/v1/deliveries/5/recipients': failedPage,
        }),
      ),
    );
    renderWithProviders(<MailingDeliveries mailingId={12} variants={variants} />);
    const card = await screen.findByRole('region', { name: /Delivery of/ });
    expect(
      within(card).getByRole('progressbar', { name: /Progress of the delivery/ }),
    ).toHaveAttribute('aria-valuenow', '60');
    expect(within(card).getByLabelText('Status: Sending')).toBeInTheDocument();
    expect(within(card).getByText(/English \(en\)/)).toBeInTheDocument();
    expect(countOf(card, 'Sent')).toBe('4');
    expect(countOf(card, 'Failed')).toBe('1');
    expect(countOf(card, 'Bounced')).toBe('1');
    expect(countOf(card, 'Queued')).toBe('4');
    const failures = await within(card).findByRole('table', { name: 'Failed recipients' });
    expect(within(failures).getByText('gone@example.com')).toBeInTheDocument();
    expect(within(failures).getByText('451 4.7.1 Try again later')).toBeInTheDocument();
    // Running with failures: pause, cancel and retry apply; resume does not (once the
    // caller's permissions are known).
    expect(await within(card).findByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Retry failed (1)' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
  });

  it('polls a running delivery until it is done', async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchRoutes({
          '/api/v1/mailings/12/deliveries': () => {
            calls += 1;
            return Response.json([
              calls === 1
                ? delivery({ progress: { total: 2, queued: 2, sent: 0, failed: 0, bounced: 0 } })
                : delivery({
                    status: 'done',
                    progress: { total: 2, queued: 0, sent: 2, failed: 0, bounced: 0 },
                  }),
            ]);
          },
        }),
      ),
    );
    renderWithProviders(<MailingDeliveries mailingId={12} variants={variants} />);
    expect(await screen.findByLabelText('Status: Sending')).toBeInTheDocument();
    expect(
      await screen.findByLabelText('Status: Done', undefined, { timeout: 6000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: /Progress/ })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
  });

  it('pauses, then offers resume; cancelling asks first', async () => {
    const user = userEvent.setup();
    const waiting = { total: 3, queued: 3, sent: 0, failed: 0, bounced: 0 };
    let current = delivery({ status: 'scheduled', progress: waiting });
    const fetchMock = vi.fn(
      fetchRoutes({
        '/api/v1/mailings/12/deliveries': () => Response.json([current]),
        'POST /api/v1/deliveries/5/pause': () => {
          current = delivery({ status: 'paused', progress: waiting });
          return Response.json(current);
        },
        'POST /api/v1/deliveries/5/cancel': () =>
          Response.json({ detail: 'This delivery is already done.' }, { status: 400 }),
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <>
        <Notifications />
        <MailingDeliveries mailingId={12} variants={variants} />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(screen.getByLabelText('Status: Paused')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/deliveries/5/pause',
      expect.objectContaining({ method: 'POST' }),
    );

    await user.click(screen.getByRole('button', { name: 'Cancel delivery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this delivery?' });
    expect(fetchMock).not.toHaveBeenCalledWith('/api/v1/deliveries/5/cancel', expect.anything());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel delivery' }));
    // The server refused (the delivery finished meanwhile): its reason, in a toast.
    expect(await screen.findByText('This delivery is already done.')).toBeInTheDocument();
    expect(screen.getByText('Could not cancel the delivery')).toBeInTheDocument();
  });

  it('shows a missed delivery as missed, with nothing to do', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchRoutes({
          '/api/v1/mailings/12/deliveries': [
            delivery({
              status: 'missed',
              started_datetime: null,
              progress: { total: 0, queued: 0, sent: 0, failed: 0, bounced: 0 },
            }),
          ],
        }),
      ),
    );
    renderWithProviders(<MailingDeliveries mailingId={12} variants={variants} />);
    const card = await screen.findByRole('region', { name: /Delivery of/ });
    expect(within(card).getByLabelText('Status: Missed')).toBeInTheDocument();
    expect(within(card).getByText(/was not sent/)).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows why the service paused a delivery (the relay's answer) and the skipped count", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchRoutes({
          '/api/v1/mailings/12/deliveries': [
            delivery({
              status: 'paused',
              pause_reason: 'The SMTP server refused the login: 535 5.7.8 Authentication failed',
              progress: { total: 10, queued: 8, sent: 0, failed: 0, bounced: 0, skipped: 2 },
            }),
          ],
          '/api/v1/deliveries/5/recipients': { count: 0, next: null, previous: null, results: [] },
        }),
      ),
    );
    renderWithProviders(<MailingDeliveries mailingId={12} variants={variants} />);
    const card = await screen.findByRole('region', { name: /Delivery of/ });
    const alert = within(card).getByRole('alert');
    expect(alert).toHaveTextContent(
      'The SMTP server refused the login: 535 5.7.8 Authentication failed',
    );
    expect(countOf(card, 'Skipped')).toBe('2');
    expect(within(card).getByRole('button', { name: 'Resume' })).toBeInTheDocument();
  });

  it('sends a test to the chosen variant and puts a 400 on the email field', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchRoutes({
          '/api/v1/mailings/12/deliveries': [
            delivery({ status: 'scheduled' }),
            delivery({ id: 6, variant: 32, languages: ['de'], status: 'scheduled' }),
          ],
          'POST /api/v1/mailings/12/test': (init: RequestInit) => {
            bodies.push(JSON.parse(String(init.body)));
            return Response.json({ email: ['Enter a valid email address.'] }, { status: 400 });
          },
        }),
      ),
    );
    renderWithProviders(<MailingDeliveries mailingId={12} variants={variants} />);
    await user.type(await screen.findByLabelText(/Test recipient's email/), 'not-an-address');
    await user.selectOptions(screen.getByLabelText('Variant'), 'German (de)');
    await user.click(screen.getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Test recipient's email/)).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([{ email: 'not-an-address', variant: 32 }]);
  });

  it('says so in words when the server cannot be reached, and renders nothing without the extension', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const first = renderWithProviders(<MailingDeliveries mailingId={12} variants={variants} />);
    expect(await screen.findByText(/The server cannot be reached/)).toBeInTheDocument();
    first.unmount();

    vi.stubGlobal('fetch', vi.fn(fetchRoutes({})));
    renderWithProviders(<MailingDeliveries mailingId={13} variants={variants} />);
    await waitFor(() =>
      expect(screen.queryByLabelText('Loading deliveries')).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('heading', { name: 'Sending' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
