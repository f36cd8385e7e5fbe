import { zodResolver } from '../../../components/form-resolver';
import { Button, Group, MultiSelect, Select, Stack, TagsInput, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FORM_LANGUAGES, formWrite, type FormWrite } from '../../../../contract/forms';
import { listQueries } from '../../../api/shared-queries';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors } from '../../../components/server-errors';

const exampleRedirect = 'https://example.com/thanks';
const fields = ['name', 'lists', 'fields', 'language', 'redirect_url'] as const;

export type FormEditorProps = {
  initial: FormWrite;
  submitLabel: string;
  onSubmit: (body: FormWrite) => Promise<unknown>;
  onCancel: () => void;
};

/** Create and edit a sign-up form; server 400s land on their fields. */
export function FormEditor({ initial, submitLabel, onSubmit, onCancel }: FormEditorProps) {
  const { t } = useLingui();
  const languageNames: Record<(typeof FORM_LANGUAGES)[number], string> = {
    en: t`English`,
    de: t`German`,
    fr: t`French`,
  };
  const lists = useQuery(listQueries.everyList());
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<FormWrite>({ resolver: zodResolver(formWrite), defaultValues: initial });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      await onSubmit({ ...values, redirect_url: values.redirect_url || null });
    } catch (err) {
      setFormErrors(applyServerErrors(err, form.setError, fields));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t`Sign-up form`}>
      <Stack>
        <FormAlert messages={formErrors} />
        <TextInput
          label={t`Name`}
          withAsterisk
          error={errors.name?.message}
          {...form.register('name')}
        />
        <Controller
          control={form.control}
          name="lists"
          render={({ field, fieldState }) => (
            <MultiSelect
              label={t`Lists offered`}
              withAsterisk
              searchable
              data={(lists.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
              value={field.value.map(String)}
              onChange={(ids) => field.onChange(ids.map(Number))}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="fields"
          render={({ field, fieldState }) => (
            <TagsInput
              label={t`Fields asked`}
              description={t`first_name, last_name or a custom field's name; press Enter after each`}
              value={field.value ?? []}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="language"
          render={({ field, fieldState }) => (
            <Select
              label={t`Language`}
              description={t`Of the page and the opt-in mail; none: the visitor's browser language`}
              clearable
              placeholder={t`Visitor's language`}
              data={FORM_LANGUAGES.map((code) => ({ value: code, label: languageNames[code] }))}
              value={field.value ?? null}
              onChange={(value) => field.onChange(value)}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextInput
          label={t`Redirect after signing up`}
          description={t`Optional: a page of your website; else Mailboard's thank-you page`}
          placeholder={exampleRedirect}
          error={errors.redirect_url?.message}
          {...form.register('redirect_url', { setValueAs: (v: string) => v || null })}
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
