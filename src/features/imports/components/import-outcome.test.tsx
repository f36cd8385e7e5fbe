import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportRecord } from '../../../../contract/imports';
import { fetchRoutes, renderWithProviders } from '../../../test/render';
import { ImportOutcome } from './import-outcome';

/** The outcome as the app renders it, inside Lingui's provider. */
const renderOutcome = (ui: ReactElement) =>
  renderWithProviders(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);

const accepted: ImportRecord = {
  id: 5,
  file: 'people.csv',
  encoding: 'windows-1252',
  delimiter: ';',
  has_header: false,
  ignore_invalid_fields: true,
  date_format: '%d.%m.%Y',
  fields: ['email', '', 'first_name'],
};
const path = '/api/v1/lists/1/imports/5';

afterEach(() => vi.unstubAllGlobals());

const figure = (name: string) => screen.getByRole('group', { name });

describe('ImportOutcome', () => {
  it('shows the final counts adding up to the total, the first errors and the CSV download', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchRoutes({
          [path]: {
            ...accepted,
            status: 'done',
            total_rows: 10,
            created: 6,
            skipped_existing: 1,
            skipped_duplicate: 2,
            invalid: 1,
            errors: [{ row: 4, field: 'email', message: 'Enter a valid email address.' }],
          },
        }),
      ),
    );
    renderOutcome(<ImportOutcome listId={1} importId={5} />);
    expect(await screen.findByText('Done')).toBeInTheDocument();
    expect(figure('Created')).toHaveTextContent('6');
    expect(figure('Already in the list')).toHaveTextContent('1');
    expect(figure('Repeated in the file')).toHaveTextContent('2');
    expect(figure('Invalid')).toHaveTextContent('1');
    expect(figure('Total rows')).toHaveTextContent('10');
    expect(screen.getByText('6 + 1 + 2 + 1 = 10 of 10 rows.')).toBeInTheDocument();
    const errors = screen.getByRole('table', { name: 'Import errors' });
    expect(within(errors).getByRole('row', { name: /^4 email/ })).toHaveTextContent(
      'Enter a valid email address.',
    );
    expect(screen.getByRole('button', { name: 'Download errors (CSV)' })).toBeInTheDocument();
  });

  it('shows the progress of a running import against the rows the check counted', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchRoutes({
          [path]: { ...accepted, status: 'running', total_rows: null, created: 300, invalid: 20 },
        }),
      ),
    );
    renderOutcome(<ImportOutcome listId={1} importId={5} expectedRows={1000} />);
    expect(await screen.findByText('Processed 320 of about 1,000 rows…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Rows processed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download errors (CSV)' })).toBeNull();
  });

  it('falls back to the accepted record where the server reports no outcome', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchRoutes({
          [path]: () => Response.json({ detail: 'Method "GET" not allowed.' }, { status: 405 }),
        }),
      ),
    );
    renderOutcome(<ImportOutcome listId={1} importId={5} fallback={accepted} />);
    expect(await screen.findByText('The server accepted the import')).toBeInTheDocument();
    const record = screen.getByRole('table', { name: 'Accepted import' });
    expect(record).toHaveTextContent('windows-1252');
    expect(record).toHaveTextContent('email, (ignored), first_name');
    expect(screen.getByRole('link', { name: "Show the list's subscribers" })).toHaveAttribute(
      'href',
      '/lists/1/subscribers',
    );
  });
});
