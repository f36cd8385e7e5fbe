import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { config } from 'zod/v4/core';
import { drfErrorMap } from '../../../../contract/messages';
import { ApiError } from '../../../api/errors';
import { fetchRoutes, renderWithProviders } from '../../../test/render';
import { emptyListForm } from '../list-form-values';
import { ListForm } from './list-form';

beforeAll(() => {
  config({ customError: drfErrorMap });
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchRoutes({
        '/api/v1/languages': {
          count: 2,
          next: null,
          previous: null,
          results: [
            { code: 'en', name: 'English' },
            { code: 'de', name: 'German' },
          ],
        },
      }),
    ),
  );
});
afterEach(() => vi.clearAllMocks());

const renderForm = (onSubmit = vi.fn(), doubleOptIn = false) =>
  renderWithProviders(
    <ListForm
      initial={emptyListForm}
      doubleOptIn={doubleOptIn}
      submitLabel="Create list"
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );

describe('ListForm', () => {
  it('marks required fields and says what is missing, without submitting', async () => {
    const onSubmit = vi.fn();
    renderForm(onSubmit);
    await userEvent.click(screen.getByRole('button', { name: 'Create list' }));
    expect(await screen.findAllByText('This field may not be blank.')).toHaveLength(2);
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('Double opt-in')).not.toBeInTheDocument();
  });

  it('sends the writable fields and shows a server 400 on its field', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValue(
        new ApiError(
          400,
          { name: ['A list with this name exists.'], non_field_errors: ['Try later.'] },
          new Headers(),
        ),
      );
    renderForm(onSubmit, true);
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Weekly');
    await userEvent.type(screen.getByRole('textbox', { name: /Default from-name/ }), 'Team');
    await userEvent.type(
      screen.getByRole('textbox', { name: /Default from-address/ }),
      'team@example.com',
    );
    await userEvent.click(screen.getByRole('switch', { name: /Double opt-in/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create list' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      name: 'Weekly',
      default_from_name: 'Team',
      default_from_email: 'team@example.com',
      default_replyto_email: '',
      default_language: 'en',
      languages: ['en'],
      double_opt_in: true,
    });
    expect(await screen.findByText('A list with this name exists.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Try later.');
  });
});
