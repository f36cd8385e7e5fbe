import { zodResolver } from '../../../components/form-resolver';
import { Button, Divider, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { flushSync } from 'react-dom';
import { FormProvider, useFieldArray, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { Mailing } from '../../../api/mailings';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormAlert } from '../../../components/form-alert';
import { notifySuccess } from '../../../components/notify';
import { applyServerErrors } from '../../../components/server-errors';
import { LinesSkeleton } from '../../../components/states';
import {
  composerFieldNames,
  composerSchema,
  emptyComposer,
  hasContent,
  newVariant,
  type ComposerValues,
} from '../draft/composer-values';
import { clearDraft, loadDraft, saveDraft } from '../draft/draft-storage';
import { layoutProblems } from '../draft/layout-problems';
import { toMailingWrite } from '../draft/to-request';
import { layoutRefs, useLayouts } from '../layout/use-layouts';
import { useCreateMailing } from '../queries';
import { MailingCreated } from './mailing-created';
import { MailingFields } from './mailing-fields';
import { ReviewStep } from './review-step';
import { UnsavedChangesPrompt } from './unsaved-changes';
import { VariantTabs } from './variant-tabs';
import { listQueries } from '../../../api/shared-queries';

const firstVariantWithErrors = (errors: FieldErrors<ComposerValues>) =>
  Array.isArray(errors.variants) ? errors.variants.findIndex(Boolean) : -1;

/** The mailing composer: fields and variants, then a review, then the created mailing. */
export function MailingComposer() {
  const { t } = useLingui();
  const [stored] = useState(loadDraft);
  const form = useForm<ComposerValues>({
    resolver: zodResolver(composerSchema),
    defaultValues: stored?.values ?? emptyComposer,
  });
  const variants = useFieldArray({ control: form.control, name: 'variants', keyName: 'key' });
  const layouts = useLayouts(stored?.layouts ?? {});
  const lists = useQuery(listQueries.everyList());
  const create = useCreateMailing();
  const [step, setStep] = useState<'edit' | 'review'>('edit');
  const [messages, setMessages] = useState<string[]>([]);
  const [created, setCreated] = useState<Mailing | null>(null);
  const [discarding, setDiscarding] = useState(false);

  // The variant tab lives in the URL; kept in state too so errors can switch it at once.
  const [params, setParams] = useSearchParams();
  const [activeTab, setActiveTab] = useState<string | null>(params.get('variant'));
  const showTab = useCallback(
    (language: string, sync = false) => {
      if (sync) flushSync(() => setActiveTab(language));
      else setActiveTab(language);
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set('variant', language);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const listId = useWatch({ control: form.control, name: 'list' });
  const list = useMemo(
    () => lists.data?.find((l) => String(l.id) === listId),
    [lists.data, listId],
  );

  // The draft follows every change (fields and layouts) into sessionStorage.
  const { states } = layouts;
  const [fieldsEntered, setFieldsEntered] = useState(() => hasContent(form.getValues()));
  const dirty = fieldsEntered || Object.keys(states).length > 0;
  const save = useCallback(() => {
    const values = form.getValues();
    if (hasContent(values) || Object.keys(states).length > 0)
      saveDraft({ values, layouts: layoutRefs(states) });
    else clearDraft();
  }, [form, states]);
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values }) => {
          setFieldsEntered(hasContent(values));
          save();
        },
      }),
    [form, save],
  );
  useEffect(() => save(), [save]);

  const changeList = (id: string) => {
    const next = lists.data?.find((l) => String(l.id) === id);
    if (id !== form.getValues('list')) form.setValue('segments', []); // segments belong to a list
    form.setValue('list', id, { shouldValidate: form.formState.isSubmitted });
    if (!next) return;
    const current = form.getValues('variants');
    const kept = current.filter((v) => next.languages.includes(v.language));
    current.filter((v) => !kept.includes(v)).forEach((v) => layouts.remove(v.language));
    variants.replace(kept.length > 0 ? kept : [newVariant(next.default_language)]);
  };

  const addVariant = (language: string) => {
    variants.append(newVariant(language), { shouldFocus: false });
    showTab(language);
  };
  const removeVariant = (index: number) => {
    const language = form.getValues(`variants.${index}.language`);
    layouts.remove(language);
    variants.remove(index);
  };

  const discard = () => {
    layouts.clear();
    form.reset(emptyComposer);
    clearDraft();
    setMessages([]);
    setStep('edit');
    setFieldsEntered(false);
  };

  /** Puts each variant's layout problem on its field and shows the first; false when none. */
  const flagLayoutProblems = (values: ComposerValues, focus = false) => {
    const problems = layoutProblems(values, layouts.states);
    problems.forEach((message, i) =>
      form.setError(`variants.${i}.layout`, { type: 'layout', message }),
    );
    const [first] = problems.keys();
    if (first !== undefined) showTab(values.variants[first]!.language, focus);
    return first !== undefined;
  };

  const review = form.handleSubmit(
    (values) => {
      if (flagLayoutProblems(values)) return;
      setMessages([]);
      setStep('review');
      window.scrollTo({ top: 0 });
    },
    (errors) => {
      const index = firstVariantWithErrors(errors);
      if (index >= 0) showTab(form.getValues(`variants.${index}.language`), true);
    },
  );

  const submit = async () => {
    const values = form.getValues();
    // The layouts may have changed since Review (a block edit rendered late): check again.
    if (layoutProblems(values, layouts.states).size > 0) {
      flushSync(() => setStep('edit'));
      flagLayoutProblems(values, true);
      return;
    }
    const zipFor = (language: string) => {
      const state = layouts.states[language];
      return state?.status === 'complete' ? state.layout.dataUri : undefined;
    };
    try {
      const textFor = (language: string) => {
        const state = layouts.states[language];
        return state?.status === 'complete' ? (state.layout.text ?? undefined) : undefined;
      };
      const mailing = await create.mutateAsync(toMailingWrite(values, zipFor, textFor));
      discard();
      setCreated(mailing);
      const name = mailing.name;
      notifySuccess(t`Mailing “${name}” created.`);
      window.scrollTo({ top: 0 });
    } catch (err) {
      // Back to the form, everything as entered, the server's messages on their fields.
      flushSync(() => setStep('edit'));
      const leftover = applyServerErrors(err, form.setError, composerFieldNames(values));
      setMessages(leftover);
      const index = firstVariantWithErrors(form.formState.errors);
      if (index >= 0) showTab(values.variants[index]!.language, true);
    }
  };

  if (created) return <MailingCreated mailing={created} onAnother={() => setCreated(null)} />;
  if (lists.isPending) return <LinesSkeleton lines={6} label={t`Loading lists`} />;

  return (
    <FormProvider {...form}>
      <UnsavedChangesPrompt active={dirty} onDiscard={discard} />
      {step === 'review' && (
        <ReviewStep
          values={form.getValues()}
          list={list}
          layouts={layouts.states}
          messages={messages}
          creating={create.isPending}
          onBack={() => setStep('edit')}
          onCreate={() => void submit()}
        />
      )}
      <form onSubmit={review} noValidate aria-label={t`New mailing`} hidden={step !== 'edit'}>
        <Stack gap="lg" maw={960}>
          <FormAlert messages={messages} title={t`The mailing was not created`} />
          <MailingFields
            lists={lists.data}
            listsLoading={lists.isPending}
            list={list}
            onListChange={changeList}
          />
          <Divider />
          <VariantTabs
            fields={variants.fields}
            list={list}
            active={activeTab}
            onActiveChange={showTab}
            onAdd={addVariant}
            onRemove={removeVariant}
            layouts={layouts.states}
            onLayoutFiles={layouts.start}
            onLayoutEntries={layouts.startEntries}
            onLayoutOpen={layouts.open}
            editorDrafts={layouts.editorDrafts}
            onLayoutRemove={layouts.remove}
          />
          <Group>
            <Button type="submit">
              <Trans>Review</Trans>
            </Button>
            <Button
              variant="subtle"
              color="red"
              onClick={() => setDiscarding(true)}
              disabled={!dirty}
            >
              <Trans>Discard draft</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={discarding}
        onClose={() => setDiscarding(false)}
        onConfirm={() => {
          discard();
          setDiscarding(false);
        }}
        title={t`Discard this draft?`}
        confirmLabel={t`Discard`}
      >
        <Trans>Every field and layout of the new mailing is removed.</Trans>
      </ConfirmDialog>
    </FormProvider>
  );
}
