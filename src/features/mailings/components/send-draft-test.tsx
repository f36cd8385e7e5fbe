import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { sendDraftTest } from '../../../api/deliveries';
import { describeError, fieldErrors, isApiError } from '../../../api/errors';
import { DialogForm } from '../../../components/dialog-form';
import { FormAlert } from '../../../components/form-alert';
import { notify } from '../../../components/notify';
import type { ComposerValues, LayoutMode } from '../draft/composer-values';
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

/** Server paths under `variant.` as the form names them, for the alert. */
const FIELD_NAMES: Record<string, string> = {
  subject: 'Subject',
  from_name: 'From name',
  from_email: 'From address',
  replyto_email: 'Reply-to address',
  'layout.text': 'Text',
  'layout.zip_file': 'Layout',
  layout: 'Layout',
};

/**
 * "Send a test": the variant as it stands in the composer, before the mailing exists, to
 * any address, rendered by the service exactly as sending renders it (its own renderer,
 * tracking left out), optionally filled in with one subscriber's data.
 */
export function SendDraftTest({ index, variantLabel, listId, state, mode }: Props) {
  const { getValues } = useFormContext<ComposerValues>();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [subscriber, setSubscriber] = useState<string | null>(null);
  const subscribers = useQuery({
    ...mailingQueries.previewSubscribers(listId ?? 0),
    enabled: open && listId !== undefined,
  });
  const send = useMutation({
    mutationFn: () => {
      const values = getValues(`variants.${index}`);
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
    onSuccess: (result) => {
      if (!result.supported) return;
      notify({
        title: `Test sent to ${email.trim()}`,
        message: `Message-ID ${result.data.message_id}`,
        color: 'teal',
      });
      setOpen(false);
    },
  });

  const ready = mode === 'text' || state?.status === 'complete';
  const errors = fieldErrors(send.error);
  const { email: emailErrors, ...rest } = errors;
  const others = send.error
    ? isApiError(send.error, 400)
      ? Object.entries(rest).flatMap(([path, messages]) => {
          const field = path.replace(/^variant\./, '');
          const name = FIELD_NAMES[field] ?? (path === 'subscriber' ? 'Fill in as' : field);
          return messages.map((m) => `${name}: ${m}`);
        })
      : [describeError(send.error)]
    : [];
  const unsupported = send.data?.supported === false;

  return (
    <>
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconSend size={16} />}
          disabled={!ready || listId === undefined}
          onClick={() => {
            send.reset();
            setOpen(true);
          }}
        >
          Send a test
        </Button>
        {!ready && (
          <Text size="xs" c="dimmed">
            A test can be sent once the layout is ready.
          </Text>
        )}
      </Group>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={`Send a test of the ${variantLabel} variant`}
      >
        <DialogForm onSubmit={() => send.mutate()} aria-label="Send a test" noValidate>
          <Stack>
            <TextInput
              label="Test recipient's email"
              type="email"
              required
              data-autofocus
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={emailErrors?.join(' ') || undefined}
            />
            <Select
              label="Fill in as"
              description="Personalisation tags use this subscriber's data; empty: their defaults."
              placeholder="No subscriber"
              clearable
              searchable
              data={(subscribers.data?.results ?? []).map((s) => ({
                value: String(s.id),
                label: s.email,
              }))}
              value={subscriber}
              onChange={setSubscriber}
            />
            <FormAlert messages={others} title="The test was not sent" />
            {unsupported && (
              <FormAlert
                messages={[
                  'This service can only test a mailing once it exists: create it, then send a test from its page.',
                ]}
                title="Not available here"
              />
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={send.isPending}>
                Send test
              </Button>
            </Group>
          </Stack>
        </DialogForm>
      </Modal>
    </>
  );
}
