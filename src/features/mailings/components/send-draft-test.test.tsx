import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { List } from '../../../api/lists';
import { fetchRoutes, renderWithProviders } from '../../../test/render';
import { emptyComposer, newVariant, type ComposerValues } from '../draft/composer-values';
import { VariantPanel } from './variant-panel';

afterEach(() => vi.unstubAllGlobals());

const TESTS = 'POST /api/v1/lists/3/test-messages';
const list: List = {
  id: 3,
  create_datetime: '2026-01-01T00:00:00Z',
  create_user: null,
  update_datetime: '2026-01-01T00:00:00Z',
  update_user: null,
  name: 'News',
  default_from_name: 'Shop',
  default_from_email: 'shop@example.com',
  default_replyto_email: '',
  default_language: 'en',
  languages: ['en'],
};
const subscribers = {
  count: 1,
  next: null,
  previous: null,
  results: [
    {
      id: 7,
      create_datetime: '2026-01-01T00:00:00Z',
      create_user: null,
      update_datetime: '2026-01-01T00:00:00Z',
      update_user: null,
      subscription: 'active',
      email: 'ann@example.com',
      first_name: 'Ann',
      last_name: '',
      gender: '',
      date_of_birth: null,
      language: 'en',
      region: '',
    },
  ],
};

/** The English variant of a composer (a plain-text layout), as the composer renders it. */
function Composer({ onReview }: { onReview: () => void }) {
  const form = useForm<ComposerValues>({
    defaultValues: {
      ...emptyComposer,
      list: '3',
      variants: [{ ...newVariant('en'), layout: { mode: 'text', text: 'Hi {{ plan }}' } }],
    },
  });
  return (
    <FormProvider {...form}>
      <form aria-label="New mailing" onSubmit={form.handleSubmit(onReview)}>
        <VariantPanel
          index={0}
          variantLabel="English"
          list={list}
          layout={undefined}
          onLayoutFiles={() => {}}
          onLayoutEntries={() => {}}
          editorDrafts={new Map()}
          onLayoutOpen={() => {}}
          onLayoutRemove={() => {}}
          onRemove={() => {}}
        />
      </form>
    </FormProvider>
  );
}

/** Renders the variant with `answers` to the test-message requests, one per request. */
function renderComposer(answers: Response[]) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    fetchRoutes({
      '/api/v1/lists/3/subscribers': subscribers,
      [TESTS]: (init: RequestInit) => {
        sent.push(JSON.parse(String(init.body)));
        return answers.shift()!;
      },
    }),
  );
  const onReview = vi.fn();
  renderWithProviders(<Composer onReview={onReview} />);
  return { sent, onReview };
}

const subjectField = () => screen.getByRole('textbox', { name: 'Subject' });

async function openDialog(user: ReturnType<typeof userEvent.setup>, subject: string) {
  await user.type(subjectField(), subject);
  await user.click(screen.getByRole('button', { name: 'Send a test' }));
  return screen.findByRole('form', { name: 'Send a test' });
}

describe('SendDraftTest', () => {
  it("marks the variant's problems on the composer's own fields and returns to them", async () => {
    const user = userEvent.setup();
    const { sent, onReview } = renderComposer([
      Response.json(
        {
          variant: {
            subject: ['{{ shoe_size }} names no field of this list.'],
            layout: { text: ['{{ plan }} names no field of this list.'] },
          },
        },
        { status: 400 },
      ),
    ]);
    const dialog = await openDialog(user, 'Size {{{{ shoe_size }}');
    await user.type(within(dialog).getByLabelText(/Test recipient's email/), 'me@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send test' }));

    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Send a test' })).not.toBeInTheDocument(),
    );
    expect(sent).toEqual([
      {
        email: 'me@example.com',
        variant: expect.objectContaining({
          subject: 'Size {{ shoe_size }}',
          layout: { text: 'Hi {{ plan }}' },
        }),
      },
    ]);
    expect(subjectField()).toHaveAccessibleDescription(
      '{{ shoe_size }} names no field of this list.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('{{ plan }} names no field of this list.');
    // The dialog's submit stayed in the dialog: the composer did not go on to its Review.
    expect(onReview).not.toHaveBeenCalled();
  });

  it('keeps its own problems in the dialog, on its fields, and clears its marks on success', async () => {
    const user = userEvent.setup();
    const { sent } = renderComposer([
      Response.json(
        {
          email: ['Enter a valid email address.'],
          subscriber: ['Invalid pk "7" - no subscriber of this list has this id.'],
          variant: { subject: ['{{ shoe_size }} names no field of this list.'] },
        },
        { status: 400 },
      ),
      Response.json({ message_id: '<t1@example.com>' }, { status: 202 }),
    ]);
    const dialog = await openDialog(user, 'Size {{{{ shoe_size }}');
    const email = within(dialog).getByLabelText(/Test recipient's email/);
    await user.type(email, 'me@');
    await user.click(within(dialog).getByRole('combobox', { name: 'Fill in as' }));
    // In jsdom the dropdown stays in its opening transition, hidden to the accessibility tree.
    await user.click(await screen.findByRole('option', { name: 'ann@example.com', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Send test' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The English variant also has problems, marked on its fields.',
    );
    expect(email).toHaveAccessibleDescription('Enter a valid email address.');
    expect(within(dialog).getByText(/no subscriber of this list has this id/)).toBeInTheDocument();
    expect(subjectField()).toHaveAccessibleDescription(
      '{{ shoe_size }} names no field of this list.',
    );

    await user.type(email, 'example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send test' }));
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Send a test' })).not.toBeInTheDocument(),
    );
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ email: 'me@example.com', subscriber: 7 });
    expect(subjectField()).not.toHaveAccessibleDescription();
  });
});
