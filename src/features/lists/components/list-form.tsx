import { zodResolver } from '../../../components/form-resolver';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { ListWrite } from '../../../api/lists';
import { FormAlert } from '../../../components/form-alert';
import { LanguageMultiSelect } from '../../../components/reference/language-multi-select';
import { applyServerErrors } from '../../../components/server-errors';
import {
  formToBody,
  listFormFields,
  listFormSchema,
  type ListFormValues,
} from '../list-form-values';

export type ListFormProps = {
  initial: ListFormValues;
  /** Whether this server has the double opt-in extension (its lists carry the member). */
  doubleOptIn: boolean;
  submitLabel: string;
  onSubmit: (body: ListWrite) => Promise<unknown>;
  onCancel: () => void;
};

/** Create and edit form of a list; server 400s land on their fields. */
export function ListForm({ initial, doubleOptIn, submitLabel, onSubmit, onCancel }: ListFormProps) {
  const { t } = useLingui();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<ListFormValues, unknown, ListWrite>({
    resolver: zodResolver(listFormSchema),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;
  const languages = useWatch({ control: form.control, name: 'languages' });

  const submit = form.handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      await onSubmit(formToBody(values, doubleOptIn));
    } catch (err) {
      setFormErrors(applyServerErrors(err, form.setError, listFormFields));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t`List`}>
      <Stack maw={640}>
        <FormAlert messages={formErrors} />
        <TextInput
          label={t`Name`}
          withAsterisk
          error={errors.name?.message}
          {...form.register('name')}
        />
        <Group grow align="flex-start">
          <TextInput
            label={t`Default from-name`}
            withAsterisk
            error={errors.default_from_name?.message}
            {...form.register('default_from_name')}
          />
          <TextInput
            label={t`Default from-address`}
            type="email"
            withAsterisk
            error={errors.default_from_email?.message}
            {...form.register('default_from_email')}
          />
        </Group>
        <TextInput
          label={t`Default reply-to address`}
          type="email"
          description={t`Optional: leave empty for no reply-to.`}
          error={errors.default_replyto_email?.message}
          {...form.register('default_replyto_email')}
        />
        <Controller
          control={form.control}
          name="languages"
          render={({ field, fieldState }) => (
            <LanguageMultiSelect
              label={t`Languages`}
              description={t`The languages subscribers and mailings of this list may use.`}
              withAsterisk
              value={field.value}
              onChange={(codes) => {
                field.onChange(codes);
                const current = form.getValues('default_language');
                if (codes.length > 0 && !codes.includes(current))
                  form.setValue('default_language', codes[0]!);
              }}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="default_language"
          render={({ field, fieldState }) => (
            <Select
              label={t`Default language`}
              withAsterisk
              data={languages}
              value={field.value || null}
              onChange={(code) => field.onChange(code ?? '')}
              onBlur={field.onBlur}
              allowDeselect={false}
              error={fieldState.error?.message}
            />
          )}
        />
        {doubleOptIn && (
          <Controller
            control={form.control}
            name="double_opt_in"
            render={({ field }) => (
              <Switch
                label={t`Double opt-in`}
                description={t`New subscribers stay pending until they confirm their address.`}
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                error={errors.double_opt_in?.message}
              />
            )}
          />
        )}
        <Group>
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
            <Trans>Cancel</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
