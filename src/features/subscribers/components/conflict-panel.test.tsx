import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_FIELDS } from '../columns';
import { mockFetch, renderWithList, testList, testSubscriber } from '../test-utils';
import { ConflictPanel } from './conflict-panel';

afterEach(() => vi.unstubAllGlobals());

const existing = testSubscriber(9, {
  email: 'ann@example.com',
  first_name: 'Ann',
  last_name: 'Old',
  subscription: 'unsubscribed',
});
const entered = {
  email: 'Ann@Example.com',
  first_name: 'Ann',
  last_name: 'New',
  gender: 'f',
  date_of_birth: null,
  language: '',
  region: '',
};

describe('ConflictPanel', () => {
  it('shows the existing subscriber beside the entry, its state and a case-only difference', () => {
    mockFetch();
    renderWithList(
      <ConflictPanel
        listId={7}
        fields={FALLBACK_FIELDS}
        existing={existing}
        entered={entered}
        mode="create"
        onCancel={vi.fn()}
        onApplied={vi.fn()}
      />,
    );
    expect(screen.getByText(/Asked to receive no more mailings/)).toBeInTheDocument();
    expect(screen.getByText('Only the letter case differs')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Existing subscriber and what you entered' });
    const lastName = within(table).getByRole('row', { name: /Last name/ });
    expect(lastName).toHaveTextContent('OldNew');
    expect(screen.getByRole('checkbox', { name: 'Apply Last name' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Apply Email' })).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Apply First name' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the existing subscriber' })).toHaveAttribute(
      'href',
      '/lists/7/subscribers/9',
    );
  });

  it('applies the chosen fields to the existing subscriber', async () => {
    const user = userEvent.setup();
    const calls = mockFetch((url, init) =>
      init.method === 'PATCH' && url.pathname === '/api/v1/lists/7/subscribers/9'
        ? { status: 200, body: { ...existing, gender: 'f' } }
        : undefined,
    );
    const onApplied = vi.fn();
    renderWithList(
      <ConflictPanel
        listId={7}
        fields={FALLBACK_FIELDS}
        existing={existing}
        entered={entered}
        mode="create"
        onCancel={vi.fn()}
        onApplied={onApplied}
      />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Apply Last name' }));
    await user.click(screen.getByRole('button', { name: /Apply my changes to it/ }));
    await vi.waitFor(() => expect(onApplied).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ gender: 'f' });
  });

  it('re-activates with the confirm override after the consent question', async () => {
    const user = userEvent.setup();
    const calls = mockFetch((url) =>
      url.pathname.endsWith('/activate') ? { status: 200, body: { status: 'active' } } : undefined,
    );
    renderWithList(
      <ConflictPanel
        listId={7}
        fields={FALLBACK_FIELDS}
        existing={existing}
        entered={entered}
        mode="create"
        onCancel={vi.fn()}
        onApplied={vi.fn()}
      />,
      testList({ double_opt_in: true }),
    );
    await user.click(screen.getByRole('button', { name: 'Re-activate it' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Has ann@example.com agreed again to receive mailings');
    const confirm = within(dialog).getByRole('button', { name: 'Re-activate' });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /has agreed again/ }));
    await user.click(confirm);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.url.pathname.endsWith('/activate'))?.body).toEqual({
      confirm: true,
    });
    expect(screen.getByText('Receives the mailings of this list.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Re-activate it' })).not.toBeInTheDocument();
  });
});
