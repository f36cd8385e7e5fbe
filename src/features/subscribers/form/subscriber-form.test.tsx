import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors';
import { FALLBACK_FIELDS, fieldsFromDescriptors } from '../columns';
import { envelope, mockFetch, renderWithList, testSubscriber } from '../test-utils';
import { initialValues } from './form-model';
import { SubscriberForm, type SubscriberFormProps } from './subscriber-form';

const fields = [
  ...FALLBACK_FIELDS,
  ...fieldsFromDescriptors({
    plan: {
      type: 'choice',
      required: true,
      read_only: false,
      label: 'Plan',
      help_text: 'What they pay for',
      choices: [
        { value: 'free', display_name: 'Free' },
        { value: 'pro', display_name: 'Pro' },
      ],
    },
  }),
];

beforeEach(() => {
  mockFetch((url) =>
    url.pathname === '/api/v1/languages'
      ? {
          status: 200,
          body: envelope([
            { code: 'de', name: 'German' },
            { code: 'en', name: 'English' },
          ]),
        }
      : undefined,
  );
});
afterEach(() => vi.unstubAllGlobals());

const setup = (overrides: Partial<SubscriberFormProps> = {}) => {
  const props: SubscriberFormProps = {
    fields,
    languages: ['en', 'de'],
    initial: initialValues(fields),
    mode: 'create',
    submitLabel: 'Add subscriber',
    onSubmit: vi.fn(async () => undefined),
    onConflict: vi.fn(),
    onCancel: vi.fn(),
    ...overrides,
  };
  renderWithList(<SubscriberForm {...props} />);
  return props;
};

describe('SubscriberForm', () => {
  it('has an input per writable field, with required marks, help texts and the list’s languages', async () => {
    setup();
    expect(screen.getByRole('textbox', { name: /Email/ })).toBeRequired();
    expect(screen.queryByRole('textbox', { name: /Subscription/ })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Plan/ })).toHaveAccessibleDescription(
      'What they pay for',
    );
    const language = screen.getByRole('combobox', { name: 'Language' });
    expect(await screen.findByRole('option', { name: 'German (de)' })).toBeInTheDocument();
    expect(language.querySelectorAll('option')).toHaveLength(3);
  });

  it('checks the fields before sending, then sends what the API expects', async () => {
    const user = userEvent.setup();
    const props = setup();
    await user.click(screen.getByRole('button', { name: 'Add subscriber' }));
    expect(props.onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('combobox', { name: /Plan/ })).toHaveAccessibleDescription(
      /This field may not be blank/,
    );
    await user.type(screen.getByRole('textbox', { name: /Email/ }), ' ann@example.com ');
    await user.selectOptions(screen.getByRole('combobox', { name: /Plan/ }), 'pro');
    await user.click(screen.getByRole('button', { name: 'Add subscriber' }));
    expect(props.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'ann@example.com', plan: 'pro', date_of_birth: null }),
    );
  });

  it('puts a server 400 on its field', async () => {
    const user = userEvent.setup();
    setup({
      initial: { ...initialValues(fields), email: 'a@b.ch', plan: 'free' },
      onSubmit: async () => {
        throw new ApiError(400, { last_name: ['Too silly.'] }, new Headers());
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add subscriber' }));
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveAccessibleDescription(
      'Too silly.',
    );
  });

  it('hands a 409 to the conflict handler with everything entered', async () => {
    const user = userEvent.setup();
    const existing = testSubscriber(3, { email: 'a@b.ch' });
    const props = setup({
      initial: { ...initialValues(fields), email: 'A@b.ch', plan: 'free' },
      onSubmit: async () => {
        throw new ApiError(409, existing, new Headers());
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add subscriber' }));
    expect(props.onConflict).toHaveBeenCalledWith(
      existing,
      expect.objectContaining({ email: 'A@b.ch', plan: 'free' }),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends only the changed fields when editing', async () => {
    const user = userEvent.setup();
    const subscriber = testSubscriber(3, { first_name: 'Ann', plan: 'free' });
    const props = setup({ mode: 'edit', initial: initialValues(fields, subscriber) });
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'a');
    await user.click(screen.getByRole('button', { name: 'Add subscriber' }));
    expect(props.onSubmit).toHaveBeenCalledWith({ first_name: 'Anna' });
  });
});
