import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '../../../components/form-resolver';
import { Button, Checkbox, Group, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { webhookEventTypes, webhookWrite, type WebhookWrite } from '../../../../contract/webhooks';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors } from '../../../components/server-errors';
import { EndpointListsField } from './endpoint-lists-field';

const fields = ['url', 'events', 'description', 'enabled', 'lists'] as const;

export type WebhookFormProps = {
  initial: WebhookWrite;
  /** Offer the choice of lists (a server without `lists` has none); limited: no "Every list". */
  listChoice?: { limited: boolean };
  submitLabel: string;
  onSubmit: (body: WebhookWrite) => Promise<unknown>;
  onCancel: () => void;
};

/** Create and edit form of an endpoint; server 400s land on their fields. */
export function WebhookForm({
  initial,
  listChoice,
  submitLabel,
  onSubmit,
  onCancel,
}: WebhookFormProps) {
  const { t } = useLingui();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<WebhookWrite>({
    resolver: zodResolver(webhookWrite),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      await onSubmit(values);
    } catch (err) {
      setFormErrors(applyServerErrors(err, form.setError, fields));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t`Webhook endpoint`}>
      <Stack>
        <FormAlert messages={formErrors} />
        <TextInput
          label={t`URL`}
          withAsterisk
          placeholder={t`https://example.com/hooks/mailboard`}
          error={errors.url?.message}
          {...form.register('url')}
        />
        <TextInput
          label={t`Description`}
          error={errors.description?.message}
          {...form.register('description')}
        />
        <Controller
          control={form.control}
          name="events"
          render={({ field, fieldState }) => (
            <Checkbox.Group
              label={t`Events`}
              withAsterisk
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            >
              <Stack gap={6} mt={6}>
                {webhookEventTypes.map((type) => (
                  <Checkbox key={type} value={type} label={type} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
        {listChoice && (
          <Controller
            control={form.control}
            name="lists"
            render={({ field, fieldState }) => (
              <EndpointListsField
                value={field.value ?? null}
                onChange={field.onChange}
                error={fieldState.error?.message}
                limited={listChoice.limited}
              />
            )}
          />
        )}
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Switch
              label={t`Enabled`}
              checked={field.value ?? true}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
