import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import type { Automation } from '../../../api/automations';
import { FormAlert } from '../../../components/form-alert';
import { automationQueries } from '../queries';
import { newStep } from '../form-model';
import { StepList } from './step-list';
import { TriggerSection } from './trigger-section';
import { useAutomationForm, type SubmitAutomation } from './use-automation-form';

export type AutomationBuilderProps = {
  listId: number;
  automation?: Automation;
  canManage: boolean;
  onSubmit: SubmitAutomation;
};

/**
 * The builder: trigger on top, the steps below as a vertical flow (waits, sends linking to
 * their mailing, conditions with their branch), each step's counts when it exists.
 */
export function AutomationBuilder({
  listId,
  automation,
  canManage,
  onSubmit,
}: AutomationBuilderProps) {
  const mailings = useQuery(automationQueries.mailings(listId));
  const { t } = useLingui();
  const segments = useQuery(automationQueries.segments(listId));
  const { form, steps, formErrors, submit } = useAutomationForm(automation, onSubmit);
  const { errors, isSubmitting } = form.formState;

  const mailingOptions = (mailings.data?.results ?? []).map((m) => ({
    value: String(m.id),
    label: m.name,
  }));
  const segmentOptions =
    segments.data?.supported === true
      ? segments.data.data.map((s) => ({ value: String(s.id), label: s.name }))
      : [];

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label={t`Automation`}>
        <Stack>
          <FormAlert messages={formErrors} />
          <TextInput
            label={t`Name`}
            withAsterisk
            disabled={!canManage}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TriggerSection canManage={canManage} segmentOptions={segmentOptions} />

          <StepList
            steps={steps}
            listId={listId}
            automation={automation}
            canManage={canManage}
            mailingOptions={mailingOptions}
            segmentOptions={segmentOptions}
          />

          {canManage && (
            <Group justify="space-between" wrap="wrap">
              <Group gap="xs">
                <Button variant="default" onClick={() => steps.append(newStep('wait'))}>
                  <Trans>Add wait</Trans>
                </Button>
                <Button variant="default" onClick={() => steps.append(newStep('send'))}>
                  <Trans>Add send</Trans>
                </Button>
                <Button variant="default" onClick={() => steps.append(newStep('condition'))}>
                  <Trans>Add condition</Trans>
                </Button>
              </Group>
              <Button type="submit" loading={isSubmitting}>
                {automation ? t`Save changes` : t`Create automation`}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </FormProvider>
  );
}
