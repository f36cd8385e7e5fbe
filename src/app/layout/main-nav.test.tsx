import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isExtensionUnsupported } from '../../api/client';
import { fetchRoutes, renderWithProviders } from '../../test/render';
import { MainNav } from './main-nav';

afterEach(() => vi.unstubAllGlobals());

describe('MainNav', () => {
  it('links the Outbox where the server keeps one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchRoutes({ '/api/v1/outbox': { count: 0, next: null, previous: null, results: [] } }),
      ),
    );
    renderWithProviders(<MainNav onNavigate={() => {}} />);
    expect(await screen.findByRole('link', { name: 'Outbox' }, { timeout: 5000 })).toHaveAttribute(
      'href',
      '/outbox',
    );
  });

  it('leaves the Outbox out where the server answers 404 (SMTP, or another deployment)', async () => {
    const fetchMock = vi.fn(fetchRoutes({}));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<MainNav onNavigate={() => {}} />);
    // The answer was read (and remembered for the session), and the navigation rendered again.
    await vi.waitFor(() => expect(isExtensionUnsupported('outbox')).toBe(true));
    await act(async () => {});
    expect(screen.getByRole('link', { name: 'Mailings' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Outbox' })).not.toBeInTheDocument();
  });
});
