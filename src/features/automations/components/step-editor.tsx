import { NumberInput, Select, type ComboboxItem } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { AutomationForm, StepForm } from '../form-model';

export const STEP_LABELS = {
  wait: msg`Wait`,
  send: msg`Send a mailing`,
  condition: msg`Condition`,
} as const;

const WEEKDAYS = [
  { value: '', label: msg`Any day` },
  ...[
    msg`Sunday`,
    msg`Monday`,
    msg`Tuesday`,
    msg`Wednesday`,
    msg`Thursday`,
    msg`Friday`,
    msg`Saturday`,
  ].map((label, i) => ({ value: String(i), label })),
];

type StepEditorProps = {
  index: number;
  /** `Step n`, the start of each control's label. */
  label: string;
  /** The step's current values (which fields it shows). */
  step: StepForm;
  /** The indexes of the send steps before this one, which a condition may look at. */
  earlierSendSteps: number[];
  timeZone: string;
  canManage: boolean;
  mailingOptions: ComboboxItem[];
  segmentOptions: ComboboxItem[];
};

/** One step's controls: its kind, then the fields of that kind (wait, send or condition). */
export function StepEditor({
  index: i,
  label,
  step,
  earlierSendSteps,
  timeZone,
  canManage,
  mailingOptions,
  segmentOptions,
}: StepEditorProps) {
  const { t, i18n } = useLingui();
  const form = useFormContext<AutomationForm>();
  const stepError = (field: string) =>
    (form.formState.errors.steps?.[i] as Record<string, { message?: string }> | undefined)?.[field]
      ?.message;
  return (
    <>
      <Controller
        control={form.control}
        name={`steps.${i}.type`}
        render={({ field }) => (
          <Select
            label={t`${label} kind`}
            disabled={!canManage}
            allowDeselect={false}
            w={170}
            data={Object.entries(STEP_LABELS).map(([value, l]) => ({
              value,
              label: i18n._(l),
            }))}
            value={field.value}
            onChange={(v) => field.onChange(v ?? 'wait')}
            error={stepError('type')}
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
                  label={t`${label} wait`}
                  min={1}
                  w={110}
                  disabled={!canManage}
                  value={field.value}
                  onChange={(v) => field.onChange(Number(v) || 0)}
                  error={stepError('amount')}
                />
              )}
            />
          )}
          <Controller
            control={form.control}
            name={`steps.${i}.unit`}
            render={({ field }) => (
              <Select
                label={t`${label} unit`}
                w={140}
                allowDeselect={false}
                disabled={!canManage}
                data={[
                  { value: 'minutes', label: t`minutes` },
                  { value: 'hours', label: t`hours` },
                  { value: 'days', label: t`days` },
                  { value: 'until', label: t`until a time` },
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
                    label={t`${label} day`}
                    w={140}
                    allowDeselect={false}
                    disabled={!canManage}
                    data={WEEKDAYS.map((d) => ({ value: d.value, label: i18n._(d.label) }))}
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
                    label={t`${label} hour (${timeZone})`}
                    min={0}
                    max={23}
                    w={110}
                    disabled={!canManage}
                    value={field.value}
                    onChange={(v) => field.onChange(Number(v) || 0)}
                    error={stepError('untilHour')}
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
              label={t`${label} mailing`}
              searchable
              w={240}
              disabled={!canManage}
              data={mailingOptions}
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              error={stepError('mailing')}
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
                label={t`${label} if`}
                w={200}
                allowDeselect={false}
                disabled={!canManage}
                data={[
                  { value: 'opened', label: t`Opened the mail of` },
                  { value: 'clicked', label: t`Clicked in the mail of` },
                  { value: 'segment', label: t`Is in segment` },
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
                  label={t`${label} segment`}
                  w={200}
                  disabled={!canManage}
                  data={segmentOptions}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  error={stepError('segment')}
                />
              )}
            />
          ) : (
            <Controller
              control={form.control}
              name={`steps.${i}.target`}
              render={({ field }) => (
                <Select
                  label={t`${label} send step`}
                  w={200}
                  disabled={!canManage}
                  data={earlierSendSteps.map((k) => {
                    const number = k + 1;
                    return { value: String(k), label: t`Step ${number}` };
                  })}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  error={stepError('target')}
                />
              )}
            />
          )}
          <Controller
            control={form.control}
            name={`steps.${i}.otherwise`}
            render={({ field }) => (
              <Select
                label={t`${label} otherwise`}
                w={190}
                allowDeselect={false}
                disabled={!canManage}
                data={[
                  { value: 'stop', label: t`Stop the run` },
                  { value: 'skip', label: t`Skip the next step` },
                ]}
                value={field.value}
                onChange={(v) => field.onChange(v ?? 'stop')}
              />
            )}
          />
        </>
      )}
    </>
  );
}
