import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SendingSettings } from '../../../api/settings';
import { fetchRoutes, renderWithProviders } from '../../../test/render';
import { SendingSettingsView } from './sending-settings';

afterEach(() => vi.unstubAllGlobals());

const incomplete: SendingSettings = {
  complete: false,
  checks: [
    {
      key: 'smtp',
      label: 'SMTP relay',
      ok: true,
      required: true,
      detail: 'Messages go to smtp://relay:587.',
    },
    { key: 'dkim', label: 'DKIM signature', ok: false, required: true, detail: 'Set DKIM_DOMAIN…' },
    {
      key: 'return_path',
      label: 'Return path (VERP)',
      ok: false,
      required: false,
      detail: 'Optional.',
    },
  ],
  dns_records: [
    {
      purpose: 'dmarc',
      type: 'TXT',
      name: '_dmarc.acme.example',
      value: 'v=DMARC1; p=none',
      note: 'Start with p=none.',
    },
  ],
  from_domains: [{ domain: 'acme.example', aligned: false }],
};

describe('SendingSettingsView', () => {
  it('says what is missing and shows the records to publish', async () => {
    vi.stubGlobal('fetch', vi.fn(fetchRoutes({ '/api/v1/settings/sending': incomplete })));
    renderWithProviders(<SendingSettingsView />);
    expect(await screen.findByText('Sending is not fully set up')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Configuration' });
    expect(within(table).getByRole('row', { name: /SMTP relay/ })).toHaveTextContent('Set');
    expect(within(table).getByRole('row', { name: /DKIM signature/ })).toHaveTextContent('Missing');
    expect(within(table).getByRole('row', { name: /Return path/ })).toHaveTextContent('Optional');
    const dmarc = screen.getByRole('group', { name: 'DMARC record' });
    expect(dmarc).toHaveTextContent('_dmarc.acme.example');
    expect(dmarc).toHaveTextContent('v=DMARC1; p=none');
    expect(within(dmarc).getByRole('button', { name: 'Copy the DMARC value' })).toBeInTheDocument();
    expect(screen.getByText(/DMARC checks may fail for this list/)).toBeInTheDocument();
  });

  it('degrades where the server does not report its sending setup', async () => {
    vi.stubGlobal('fetch', vi.fn(fetchRoutes({})));
    renderWithProviders(<SendingSettingsView />);
    expect(await screen.findByText('Not available on this server')).toBeInTheDocument();
  });
});
