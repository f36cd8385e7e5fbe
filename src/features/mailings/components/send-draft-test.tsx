import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm, useFormContext, type FieldPath } from 'react-hook-form';
import { sendDraftTest } from '../../../api/deliveries';
import { describeError, fieldErrors, isApiError, type FieldErrors } from '../../../api/errors';
import { DialogForm } from '../../../components/dialog-form';
import { FormAlert } from '../../../components/form-alert';
import { notify } from '../../../components/notify';
import { applyFieldErrors } from '../../../components/server-errors';
import { variantFieldNames, type ComposerValues, type LayoutMode } from '../draft/composer-values';
import { toVariantWrite } from '../draft/to-request';
import type { LayoutState } from '../layout/use-layouts';
import { mailingQueries } from '../queries';

type Props = {
  index: number;
  variantLabel: string;
  listId: number | undefined;
  state: LayoutState | undefined;
  mode: LayoutMode;
};

/** The dialog's own fields; the variant's are the composer's. */
type TestValues = { email: string; subscriber: string | null };
const testFields = ['email', 'subscriber'] as const;
/** The server names a variant's problems under this prefix. */
const VARIANT = 'variant.';

/**
 * A 400's messages split by where the user fixes them: `variant.…` on the composer's fields
 * of this variant (renamed as the composer names them), the rest in the dialog.
 */
function splitErrors(errors: FieldErrors, index: number) {
  const variant: FieldErrors = {};
  const dialog: FieldErrors = {};
  for (const [path, messages] of Object.entries(errors)) {
    if (path.startsWith(VARIANT))
      variant[`variants.${index}.${path.slice(VARIANT.length)}`] = messages;
    else dialog[path] = messages;
  }
  return { variant, dialog };
}

/**
 * "Send a test": the variant as it stands in the composer, before the mailing exists, to
 * any address, rendered by the service exactly as sending renders it (its own renderer,
 * tracking left out), optionally filled in with one subscriber's data. What the service
 * refuses in the variant (an unknown tag in the subject, say) is marked on the composer's
 * field, where it is fixed; the dialog keeps what is its own (the address, the subscriber).
 */
export function SendDraftTest({ index, variantLabel, listId, state, mode }: Props) {
  const { t } = useLingui();
  const composer = useFormContext<ComposerValues>();
  const form = useForm<TestValues>({ defaultValues: { email: '', subscriber: null } });
  const [open, setOpen] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  // The composer fields this dialog marked, cleared when the next test is sent.
  const [marked, setMarked] = useState<FieldPath<ComposerValues>[]>([]);
  const subscribers = useQuery({
    ...mailingQueries.previewSubscribers(listId ?? 0),
    enabled: open && listId !== undefined,
  });
  const send = useMutation({
    mutationFn: ({ email, subscriber }: TestValues) => {
      const values = composer.getValues(`variants.${index}`);
      const layout = state?.status === 'complete' ? state.layout : undefined;
      const { deliveries: _none, ...variant } = toVariantWrite(
        { ...values, deliveries: [] },
        layout?.dataUri,
        layout?.text ?? undefined,
      );
      return sendDraftTest(listId!, {
        email: email.trim(),
        ...(subscriber ? { subscriber: Number(subscriber) } : {}),
        variant,
      });
    },
    onSuccess: (result, { email }) => {
      if (!result.supported) return;
      const recipient = email.trim();
      const messageId = result.data.message_id;
      notify({
        title: t`Test sent to ${recipient}`,
        message: t`Message-ID ${messageId}`,
        color: 'teal',
      });
      setOpen(false);
    },
    onError: (err) => {
      const errors = fieldErrors(err);
      if (!isApiError(err, 400) || Object.keys(errors).length === 0) {
        setMessages([describeError(err)]);
        return;
      }
      const split = splitErrors(errors, index);
      // Not focused: the dialog holds the focus, and gives it back to its button on closing.
      const variant = applyFieldErrors(split.variant, composer.setError, variantFieldNames(index), {
        focus: false,
      });
      setMarked(variant.placed);
      const own = applyFieldErrors(split.dialog, form.setError, testFields);
      if (Object.keys(split.dialog).length === 0 && variant.unplaced.length === 0) {
        // Nothing to change here: back to the composer, where the fields are marked.
        setOpen(false);
        notify({
          title: t`The test was not sent`,
          message: t`The ${variantLabel} variant has problems, marked on its fields.`,
          color: 'red',
        });
        return;
      }
      setMessages([
        ...own.unplaced,
        ...variant.unplaced,
        ...(variant.placed.length
          ? [t`The ${variantLabel} variant also has problems, marked on its fields.`]
          : []),
      ]);
    },
  });

  const ready = mode === 'text' || state?.status === 'complete';
  const unsupported = send.data?.supported === false;
  const submit = form.handleSubmit((values) => {
    setMessages([]);
    composer.clearErrors(marked);
    setMarked([]);
    send.mutate(values);
  });
  return (
    <>
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconSend size={16} />}
          disabled={!ready || listId === undefined}
          onClick={() => {
            send.reset();
            form.clearErrors();
            setMessages([]);
            setOpen(true);
          }}
        >
          <Trans>Send a test</Trans>
        </Button>
        {!ready && (
          <Text size="xs" c="dimmed">
            <Trans>A test can be sent once the layout is ready.</Trans>
          </Text>
        )}
      </Group>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t`Send a test of the ${variantLabel} variant`}
      >
        <DialogForm onSubmit={(e) => void submit(e)} aria-label={t`Send a test`} noValidate>
          <Stack>
            <TextInput
              label={t`Test recipient's email`}
              type="email"
              required
              data-autofocus
              error={form.formState.errors.email?.message}
              {...form.register('email')}
            />
            <Controller
              control={form.control}
              name="subscriber"
              render={({ field, fieldState }) => (
                <Select
                  label={t`Fill in as`}
                  description={t`Personalisation tags use this subscriber's data; empty: their defaults.`}
                  placeholder={t`No subscriber`}
                  clearable
                  searchable
                  data={(subscribers.data?.results ?? []).map((s) => ({
                    value: String(s.id),
                    label: s.email,
                  }))}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={fieldState.error?.message}
                />
              )}
            />
            <FormAlert messages={messages} title={t`The test was not sent`} />
            {unsupported && (
              <FormAlert
                messages={[
                  t`This service can only test a mailing once it exists: create it, then send a test from its page.`,
                ]}
                title={t`Not available here`}
              />
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={send.isPending}>
                <Trans>Send test</Trans>
              </Button>
            </Group>
          </Stack>
        </DialogForm>
      </Modal>
    </>
  );
}
