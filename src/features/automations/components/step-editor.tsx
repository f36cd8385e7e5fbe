import { NumberInput, Select, type ComboboxItem } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import type { AutomationForm, StepForm } from '../form-model';

export const STEP_LABELS = {
  wait: 'Wait',
  send: 'Send a mailing',
  condition: 'Condition',
} as const;

const WEEKDAYS = [
  { value: '', label: 'Any day' },
  ...['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map(
    (label, i) => ({ value: String(i), label }),
  ),
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
                  label={`${label} wait`}
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
              label={`${label} mailing`}
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
                  label={`${label} send step`}
                  w={200}
                  disabled={!canManage}
                  data={earlierSendSteps.map((k) => ({
                    value: String(k),
                    label: `Step ${k + 1}`,
                  }))}
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
    </>
  );
}
