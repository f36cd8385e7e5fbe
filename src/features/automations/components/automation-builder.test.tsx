import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchRoutes, renderWithProviders } from '../../../test/render';
import type { Automation } from '../../../api/automations';
import { AutomationBuilder } from './automation-builder';

const page = { count: 0, next: null, previous: null, results: [] };

beforeAll(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(fetchRoutes({ '/api/v1/mailings': page, '/api/v1/lists/1/segments': page })),
  );
});
afterEach(() => vi.restoreAllMocks());

const stats = { entered: 0, waiting: 0, sent: 0, opened: 0, clicked: 0, bounced: 0, exited: 0 };
const mornings: Automation = {
  id: 4,
  list: 1,
  name: 'Mornings',
  state: 'draft',
  trigger: { type: 'date_field', field: 'date_of_birth', hour: 8 },
  reenter: false,
  time_zone: 'Asia/Tokyo',
  runs: { active: 0, finished: 0, exited: 0 },
  create_datetime: '2026-01-01T00:00:00.000Z',
  update_datetime: '2026-01-01T00:00:00.000Z',
  steps: [{ id: 1, type: 'wait', until: { hour: 9 }, stats }],
};

describe('AutomationBuilder time zone', () => {
  it("starts a new automation in the browser's zone", async () => {
    const real = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...real.call(this), timeZone: 'Europe/Paris' };
    });
    renderWithProviders(<AutomationBuilder listId={1} canManage onSubmit={vi.fn()} />);
    expect(await screen.findByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Paris');
  });

  it("shows the automation's zone beside its hours and sends it back", async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(
      <AutomationBuilder listId={1} automation={mornings} canManage onSubmit={onSubmit} />,
    );
    expect(await screen.findByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Tokyo');
    expect(screen.getByRole('textbox', { name: 'At hour (Asia/Tokyo)' })).toHaveValue('8');
    expect(screen.getByRole('textbox', { name: 'Step 1 hour (Asia/Tokyo)' })).toHaveValue('9');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      time_zone: 'Asia/Tokyo',
      trigger: { type: 'date_field', hour: 8 },
      steps: [{ type: 'wait', until: { hour: 9 } }],
    });
  });
});
