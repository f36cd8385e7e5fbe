import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '../../../components/form-resolver';
import { Button, Fieldset, Group, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { conflictingSubscriber, type Subscriber } from '../../../api/subscribers';
import { FormAlert } from '../../../components/form-alert';
import { referenceQueries } from '../../../api/shared-queries';
import { applyServerErrors } from '../../../components/server-errors';
import type { FieldInfo } from '../columns';
import {
  bodyFrom,
  formSchema,
  writableFields,
  type FormValues,
  type SubscriberBody,
} from './form-model';
import { FieldInput } from './field-input';

export type SubscriberFormProps = {
  fields: readonly FieldInfo[];
  /** The list's languages: the language input offers these only. */
  languages: readonly string[];
  initial: FormValues;
  /** Editing sends the changed fields only (PATCH); creating sends them all. */
  mode: 'create' | 'edit';
  submitLabel: string;
  onSubmit: (body: SubscriberBody) => Promise<unknown>;
  /** A 409: the email belongs to `existing`; `entered` is everything the form holds. */
  onConflict: (existing: Subscriber, entered: SubscriberBody) => void;
  onCancel: () => void;
};

/** Create and edit form built from OPTIONS `actions.POST`; server 400s land on their fields. */
export function SubscriberForm({
  fields,
  languages,
  initial,
  mode,
  submitLabel,
  onSubmit,
  onConflict,
  onCancel,
}: SubscriberFormProps) {
  const { t } = useLingui();
  const writable = useMemo(() => writableFields(fields), [fields]);
  const resolver = useMemo(
    () => zodResolver(formSchema(fields)) as Resolver<FormValues, unknown, SubscriberBody>,
    [fields],
  );
  const form = useForm<FormValues, unknown, SubscriberBody>({ resolver, defaultValues: initial });
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const names = useQuery(referenceQueries.allLanguages()).data;
  const languageOptions = languages.map((code) => ({
    code,
    name: names?.find((l) => l.code === code)?.name,
  }));

  const submit = form.handleSubmit(async (parsed) => {
    setFormErrors([]);
    const changed = new Set(
      Object.keys(form.formState.dirtyFields).filter((n) => form.formState.dirtyFields[n]),
    );
    try {
      await onSubmit(mode === 'edit' ? bodyFrom(parsed, changed) : parsed);
    } catch (err) {
      const existing = conflictingSubscriber(err);
      if (existing) onConflict(existing, parsed);
      else
        setFormErrors(
          applyServerErrors(
            err,
            form.setError,
            writable.map((f) => f.name),
          ),
        );
    }
  });

  const input = (field: FieldInfo) => (
    <Controller
      key={field.name}
      control={form.control}
      name={field.name}
      render={({ field: f, fieldState }) => (
        <FieldInput
          field={field}
          value={f.value ?? ''}
          onChange={f.onChange}
          onBlur={f.onBlur}
          error={fieldState.error?.message}
          languages={languageOptions}
        />
      )}
    />
  );
  const builtIn = writable.filter((f) => !f.custom);
  const custom = writable.filter((f) => f.custom);

  return (
    <form onSubmit={submit} noValidate aria-label={t`Subscriber`}>
      <Stack maw={760}>
        <FormAlert messages={formErrors} />
        <Fieldset legend={t`Subscriber`}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>{builtIn.map(input)}</SimpleGrid>
        </Fieldset>
        {custom.length > 0 && (
          <Fieldset legend={t`Custom fields`}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>{custom.map(input)}</SimpleGrid>
          </Fieldset>
        )}
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={form.formState.isSubmitting}>
            <Trans>Cancel</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
