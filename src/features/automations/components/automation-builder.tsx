import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Timeline,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { Link } from 'react-router';
import type { Automation } from '../../../api/automations';
import { describeError, fieldErrors, isApiError } from '../../../api/errors';
import { FormAlert } from '../../../components/form-alert';
import { automationWrite, type StepStats } from '../../../../contract/automations';
import { automationQueries } from '../queries';
import { emptyForm, formPath, newStep, toBody, toForm, type AutomationForm } from '../form-model';
import { StepStatsLine } from './step-stats';
import { browserTimeZone, TimeZoneSelect } from './time-zone-select';

export type AutomationBuilderProps = {
  listId: number;
  automation?: Automation;
  canManage: boolean;
  onSubmit: (body: ReturnType<typeof toBody>) => Promise<unknown>;
};

const WEEKDAYS = [
  { value: '', label: 'Any day' },
  ...['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map(
    (label, i) => ({ value: String(i), label }),
  ),
];

const STEP_LABELS = { wait: 'Wait', send: 'Send a mailing', condition: 'Condition' } as const;

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
  const segments = useQuery(automationQueries.segments(listId));
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<AutomationForm>({
    defaultValues: automation ? toForm(automation) : emptyForm(browserTimeZone()),
  });
  const steps = useFieldArray({ control: form.control, name: 'steps' });
  const { errors, isSubmitting } = form.formState;
  const triggerType = useWatch({ control: form.control, name: 'triggerType' });
  const watchedSteps = useWatch({ control: form.control, name: 'steps' });
  const timeZone = useWatch({ control: form.control, name: 'timeZone' });
  const statsOf = new Map<number, StepStats>((automation?.steps ?? []).map((s) => [s.id, s.stats]));

  const mailingOptions = (mailings.data?.results ?? []).map((m) => ({
    value: String(m.id),
    label: m.name,
  }));
  const segmentOptions =
    segments.data?.supported === true
      ? segments.data.data.map((s) => ({ value: String(s.id), label: s.name }))
      : [];

  /** Puts each message on its control (API paths mapped to the builder's), the rest above. */
  const showErrors = (byPath: Record<string, string[]>) => {
    const rest: string[] = [];
    for (const [path, messages] of Object.entries(byPath)) {
      const target = formPath(path);
      if (target === 'root') rest.push(...messages);
      else form.setError(target as Path<AutomationForm>, { message: messages.join(' ') });
    }
    setFormErrors(rest);
  };

  const submit = form.handleSubmit(async (v) => {
    setFormErrors([]);
    const body = toBody(v);
    const checked = automationWrite.safeParse(body);
    if (!checked.success) {
      const byPath: Record<string, string[]> = {};
      for (const issue of checked.error.issues)
        (byPath[issue.path.join('.') || 'root'] ??= []).push(issue.message);
      showErrors(byPath);
      return;
    }
    try {
      await onSubmit(body);
    } catch (err) {
      if (isApiError(err, 400)) showErrors(fieldErrors(err));
      else setFormErrors([describeError(err)]);
    }
  });

  const stepError = (i: number, field: string) =>
    (errors.steps?.[i] as Record<string, { message?: string }> | undefined)?.[field]?.message;

  return (
    <form onSubmit={submit} noValidate aria-label="Automation">
      <Stack>
        <FormAlert messages={formErrors} />
        <TextInput
          label="Name"
          withAsterisk
          disabled={!canManage}
          error={errors.name?.message}
          {...form.register('name')}
        />
        <Card withBorder component="section" aria-label="Trigger">
          <Stack gap="sm">
            <Controller
              control={form.control}
              name="triggerType"
              render={({ field }) => (
                <Select
                  label="Starts when"
                  disabled={!canManage}
                  allowDeselect={false}
                  data={[
                    { value: 'subscribed', label: 'A subscriber becomes active' },
                    { value: 'segment_entered', label: 'A subscriber enters a segment' },
                    { value: 'date_field', label: 'A date field is today' },
                  ]}
                  value={field.value}
                  onChange={(v) => field.onChange(v ?? 'subscribed')}
                />
              )}
            />
            {triggerType === 'subscribed' && (
              <Controller
                control={form.control}
                name="includeImports"
                render={({ field }) => (
                  <Checkbox
                    label="Also subscribers added by an import"
                    disabled={!canManage}
                    checked={field.value}
                    onChange={(e) => field.onChange(e.currentTarget.checked)}
                  />
                )}
              />
            )}
            {triggerType === 'segment_entered' && (
              <Controller
                control={form.control}
                name="segment"
                render={({ field }) => (
                  <Select
                    label="Segment"
                    disabled={!canManage}
                    data={segmentOptions}
                    value={field.value || null}
                    onChange={(v) => field.onChange(v ?? '')}
                    error={errors.segment?.message}
                  />
                )}
              />
            )}
            {triggerType === 'date_field' && (
              <Group grow align="flex-start">
                <TextInput
                  label="Date field"
                  description="date_of_birth or a date field of this list"
                  disabled={!canManage}
                  error={errors.field?.message}
                  {...form.register('field')}
                />
                <Controller
                  control={form.control}
                  name="hour"
                  render={({ field }) => (
                    <NumberInput
                      label={`At hour (${timeZone})`}
                      min={0}
                      max={23}
                      disabled={!canManage}
                      value={field.value}
                      onChange={(v) => field.onChange(Number(v) || 0)}
                      error={errors.hour?.message}
                    />
                  )}
                />
              </Group>
            )}
            <Controller
              control={form.control}
              name="timeZone"
              render={({ field }) => (
                <TimeZoneSelect
                  disabled={!canManage}
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.timeZone?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="reenter"
              render={({ field }) => (
                <Switch
                  label="A subscriber may run through it again"
                  disabled={!canManage}
                  checked={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                />
              )}
            />
          </Stack>
        </Card>

        <Timeline bulletSize={22} lineWidth={2}>
          {steps.fields.map((item, i) => {
            const step = watchedSteps[i] ?? item;
            const sendSteps = watchedSteps
              .map((s, k) => ({ s, k }))
              .filter(({ s, k }) => s.type === 'send' && k < i);
            const stats = item.stepId === undefined ? undefined : statsOf.get(item.stepId);
            const label = `Step ${i + 1}`;
            return (
              <Timeline.Item key={item.id} title={`${label}: ${STEP_LABELS[step.type]}`}>
                <Card withBorder component="section" aria-label={label} mt={4}>
                  <Stack gap="xs">
                    <Group align="flex-end" wrap="wrap" gap="xs">
                      <Controller
                        control={form.control}
                        name={`steps.${i}.type`}
                        render={({ field }) => (
                          <Select
                            label={`${label} kind`}
                            disabled={!canManage}
                            allowDeselect={false}
                            w={170}
                            data={Object.entries(STEP_LABELS).map(([value, l]) => ({
                              value,
                              label: l,
                            }))}
                            value={field.value}
                            onChange={(v) => field.onChange(v ?? 'wait')}
                            error={stepError(i, 'type')}
                          />
                        )}
                      />
                      {step.type === 'wait' && (
                        <>
                          {step.unit !== 'until' && (
                            <Controller
                              control={form.control}
                              name={`steps.${i}.amount`}
                              render={({ field }) => (
                                <NumberInput
                                  label={`${label} wait`}
                                  min={1}
                                  w={110}
                                  disabled={!canManage}
                                  value={field.value}
                                  onChange={(v) => field.onChange(Number(v) || 0)}
                                  error={stepError(i, 'amount')}
                                />
                              )}
                            />
                          )}
                          <Controller
                            control={form.control}
                            name={`steps.${i}.unit`}
                            render={({ field }) => (
                              <Select
                                label={`${label} unit`}
                                w={140}
                                allowDeselect={false}
                                disabled={!canManage}
                                data={[
                                  { value: 'minutes', label: 'minutes' },
                                  { value: 'hours', label: 'hours' },
                                  { value: 'days', label: 'days' },
                                  { value: 'until', label: 'until a time' },
                                ]}
                                value={field.value}
                                onChange={(v) => field.onChange(v ?? 'days')}
                              />
                            )}
                          />
                          {step.unit === 'until' && (
                            <>
                              <Controller
                                control={form.control}
                                name={`steps.${i}.weekday`}
                                render={({ field }) => (
                                  <Select
                                    label={`${label} day`}
                                    w={140}
                                    allowDeselect={false}
                                    disabled={!canManage}
                                    data={WEEKDAYS}
                                    value={field.value}
                                    onChange={(v) => field.onChange(v ?? '')}
                                  />
                                )}
                              />
                              <Controller
                                control={form.control}
                                name={`steps.${i}.untilHour`}
                                render={({ field }) => (
                                  <NumberInput
                                    label={`${label} hour (${timeZone})`}
                                    min={0}
                                    max={23}
                                    w={110}
                                    disabled={!canManage}
                                    value={field.value}
                                    onChange={(v) => field.onChange(Number(v) || 0)}
                                    error={stepError(i, 'untilHour')}
                                  />
                                )}
                              />
                            </>
                          )}
                        </>
                      )}
                      {step.type === 'send' && (
                        <Controller
                          control={form.control}
                          name={`steps.${i}.mailing`}
                          render={({ field }) => (
                            <Select
                              label={`${label} mailing`}
                              searchable
                              w={240}
                              disabled={!canManage}
                              data={mailingOptions}
                              value={field.value || null}
                              onChange={(v) => field.onChange(v ?? '')}
                              error={stepError(i, 'mailing')}
                            />
                          )}
                        />
                      )}
                      {step.type === 'condition' && (
                        <>
                          <Controller
                            control={form.control}
                            name={`steps.${i}.ifKind`}
                            render={({ field }) => (
                              <Select
                                label={`${label} if`}
                                w={200}
                                allowDeselect={false}
                                disabled={!canManage}
                                data={[
                                  { value: 'opened', label: 'Opened the mail of' },
                                  { value: 'clicked', label: 'Clicked in the mail of' },
                                  { value: 'segment', label: 'Is in segment' },
                                ]}
                                value={field.value}
                                onChange={(v) => field.onChange(v ?? 'opened')}
                              />
                            )}
                          />
                          {step.ifKind === 'segment' ? (
                            <Controller
                              control={form.control}
                              name={`steps.${i}.segment`}
                              render={({ field }) => (
                                <Select
                                  label={`${label} segment`}
                                  w={200}
                                  disabled={!canManage}
                                  data={segmentOptions}
                                  value={field.value || null}
                                  onChange={(v) => field.onChange(v ?? '')}
                                  error={stepError(i, 'segment')}
                                />
                              )}
                            />
                          ) : (
                            <Controller
                              control={form.control}
                              name={`steps.${i}.target`}
                              render={({ field }) => (
                                <Select
                                  label={`${label} send step`}
                                  w={200}
                                  disabled={!canManage}
                                  data={sendSteps.map(({ k }) => ({
                                    value: String(k),
                                    label: `Step ${k + 1}`,
                                  }))}
                                  value={field.value || null}
                                  onChange={(v) => field.onChange(v ?? '')}
                                  error={stepError(i, 'target')}
                                />
                              )}
                            />
                          )}
                          <Controller
                            control={form.control}
                            name={`steps.${i}.otherwise`}
                            render={({ field }) => (
                              <Select
                                label={`${label} otherwise`}
                                w={190}
                                allowDeselect={false}
                                disabled={!canManage}
                                data={[
                                  { value: 'stop', label: 'Stop the run' },
                                  { value: 'skip', label: 'Skip the next step' },
                                ]}
                                value={field.value}
                                onChange={(v) => field.onChange(v ?? 'stop')}
                              />
                            )}
                          />
                        </>
                      )}
                      {canManage && (
                        <Group gap={4}>
                          <ActionIcon
                            variant="default"
                            aria-label={`Move ${label.toLowerCase()} up`}
                            disabled={i === 0}
                            onClick={() => steps.move(i, i - 1)}
                          >
                            <IconArrowUp size={16} />
                          </ActionIcon>
                          <ActionIcon
                            variant="default"
                            aria-label={`Move ${label.toLowerCase()} down`}
                            disabled={i === steps.fields.length - 1}
                            onClick={() => steps.move(i, i + 1)}
                          >
                            <IconArrowDown size={16} />
                          </ActionIcon>
                          <ActionIcon
                            variant="default"
                            color="red"
                            aria-label={`Remove ${label.toLowerCase()}`}
                            onClick={() => steps.remove(i)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Group>
                      )}
                    </Group>
                    {step.type === 'send' && step.mailing && (
                      <Group gap="md">
                        <Anchor component={Link} to={`/mailings/${step.mailing}`} size="sm">
                          Open the mailing
                        </Anchor>
                        {automation && item.stepId !== undefined && (
                          <Anchor
                            component={Link}
                            to={`/statistics?list=${listId}&automation=${automation.id}&step=${item.stepId}`}
                            size="sm"
                            aria-label={`Statistics of ${label.toLowerCase()}`}
                          >
                            Statistics of this step
                          </Anchor>
                        )}
                      </Group>
                    )}
                    {stats && <StepStatsLine stats={stats} kind={step.type} />}
                  </Stack>
                </Card>
              </Timeline.Item>
            );
          })}
        </Timeline>
        {steps.fields.length === 0 && <Text c="dimmed">No steps yet.</Text>}

        {canManage && (
          <Group justify="space-between" wrap="wrap">
            <Group gap="xs">
              <Button variant="default" onClick={() => steps.append(newStep('wait'))}>
                Add wait
              </Button>
              <Button variant="default" onClick={() => steps.append(newStep('send'))}>
                Add send
              </Button>
              <Button variant="default" onClick={() => steps.append(newStep('condition'))}>
                Add condition
              </Button>
            </Group>
            <Button type="submit" loading={isSubmitting}>
              {automation ? 'Save changes' : 'Create automation'}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
