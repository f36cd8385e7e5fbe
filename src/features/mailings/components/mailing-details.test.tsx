import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocaleProvider } from '../../../i18n/locale-provider';
import { MailingDetails } from './mailing-details';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderDetails(state?: unknown) {
  const router = createMemoryRouter(
    [{ path: '/mailings/:id', element: <MailingDetails mailingId={12} /> }],
    { initialEntries: [{ pathname: '/mailings/12', state }] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <LocaleProvider>
      <MantineProvider>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </LocaleProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('MailingDetails', () => {
  it('shows the mailing with its variants and sandboxed layout preview', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(200, {
        id: 12,
        list: 3,
        name: 'Spring',
        campaign: 4,
        segments: [],
        variants: [
          {
            language: null,
            languages: ['de'],
            from_name: 'Shop',
            from_email: 'shop@example.com',
            replyto_email: '',
            subject: 'Hallo',
            layout: {
              id: 9,
              source: '<!doctype html><p>Hallo <img src="/media/layouts/9/images/a.png"></p>',
            },
            deliveries: [
              { scheduled_datetime: '2030-01-01T08:00:00Z', exclusions: [], limit: null },
            ],
          },
        ],
      }),
    );
    renderDetails();
    expect(await screen.findByRole('heading', { name: 'Spring', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/Shop <shop@example.com>/)).toBeInTheDocument();
    const frame = screen.getByTitle(/Layout of German/);
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain(
      `img-src data: blob: ${window.location.origin}/media/layouts/;`,
    );
  });

  it('falls back to the summary from the table where the server has no single-mailing endpoint', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(405, { detail: 'Method "GET" not allowed.' }),
    );
    renderDetails({ summary: { id: 12, name: 'Listed only', campaign: null } });
    expect(await screen.findByText('Only the summary is available')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Listed only', level: 1 })).toBeInTheDocument();
  });
});
