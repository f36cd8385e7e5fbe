import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchRoutes, renderWithProviders as renderApp } from '../../../test/render';
import { ClickMapSection } from './click-map-section';

/** Renders as the app does, inside Lingui's provider. */
const renderWithProviders = (ui: ReactElement, options?: Parameters<typeof renderApp>[1]) =>
  renderApp(<I18nProvider i18n={i18n}>{ui}</I18nProvider>, options);

afterEach(() => vi.unstubAllGlobals());

const SALE = 'https://shop.example/sale';
const map = {
  variant: 4,
  // The user's layout, annotated by the server; it even carries a script.
  html:
    '<html><head><style>.mailboard-clicks{color:#fff}</style></head><body>' +
    `<a href="${SALE}" data-mailboard-clicks="3"><span class="mailboard-clicks">3 clicks</span>Top</a>` +
    `<a href="${SALE}" data-mailboard-clicks="1"><span class="mailboard-clicks">1 click</span>Bottom</a>` +
    '<script>parent.document.title = "owned"</script></body></html>',
  links: [
    { url: SALE, position: 1, human: 3, machine: 0 },
    { url: SALE, position: 2, human: 1, machine: 5 },
  ],
};

describe('ClickMapSection', () => {
  it('shows the annotated layout only in the sandboxed frame, and the counts as a table', async () => {
    vi.stubGlobal('fetch', vi.fn(fetchRoutes({ '/api/v1/statistics/click-map': map })));
    renderWithProviders(<ClickMapSection mailing={7} />, { path: '/statistics?mailing=7' });

    const frame = await screen.findByTitle('Click map of the layout');
    expect(frame.tagName).toBe('IFRAME');
    // No scripts, no same origin, nothing opens: an empty sandbox, and the frame's own CSP.
    expect(frame).toHaveAttribute('sandbox', '');
    const doc = frame.getAttribute('srcdoc')!;
    expect(doc).toMatch(
      /^<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: [^"]+; style-src 'unsafe-inline'">/,
    );
    expect(doc).toContain('<span class="mailboard-clicks">3 clicks</span>Top');
    // The layout's HTML never reaches the page itself.
    expect(screen.queryByText('3 clicks')).not.toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();

    const table = screen.getByRole('table', { name: 'Clicks per link of the layout' });
    expect(within(table).getByRole('row', { name: /sale \(link 1\) 3 0$/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /sale \(link 2\) 1 5$/ })).toBeInTheDocument();
  });

  it('is hidden where the server has no click map', async () => {
    const fetch = vi.fn(fetchRoutes({}));
    vi.stubGlobal('fetch', fetch);
    const { container } = renderWithProviders(<ClickMapSection mailing={7} />, {
      path: '/statistics?mailing=7',
    });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Click map' })).not.toBeInTheDocument();
  });
});
