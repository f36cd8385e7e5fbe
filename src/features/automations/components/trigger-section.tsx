import {
  Card,
  Checkbox,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  TextInput,
  type ComboboxItem,
} from '@mantine/core';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import type { AutomationForm } from '../form-model';
import { TimeZoneSelect } from './time-zone-select';

/** What starts a run (with the fields of that trigger), its time zone and whether it repeats. */
export function TriggerSection({
  canManage,
  segmentOptions,
}: {
  canManage: boolean;
  segmentOptions: ComboboxItem[];
}) {
  const { t } = useLingui();
  const form = useFormContext<AutomationForm>();
  const { errors } = form.formState;
  const triggerType = useWatch({ control: form.control, name: 'triggerType' });
  const timeZone = useWatch({ control: form.control, name: 'timeZone' });
  return (
    <Card withBorder component="section" aria-label={t`Trigger`}>
      <Stack gap="sm">
        <Controller
          control={form.control}
          name="triggerType"
          render={({ field }) => (
            <Select
              label={t`Starts when`}
              disabled={!canManage}
              allowDeselect={false}
              data={[
                { value: 'subscribed', label: t`A subscriber becomes active` },
                { value: 'segment_entered', label: t`A subscriber enters a segment` },
                { value: 'date_field', label: t`A date field is today` },
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
                label={t`Also subscribers added by an import`}
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
                label={t`Segment`}
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
              label={t`Date field`}
              description={t`date_of_birth or a date field of this list`}
              disabled={!canManage}
              error={errors.field?.message}
              {...form.register('field')}
            />
            <Controller
              control={form.control}
              name="hour"
              render={({ field }) => (
                <NumberInput
                  label={t`At hour (${timeZone})`}
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
              label={t`A subscriber may run through it again`}
              disabled={!canManage}
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
      </Stack>
    </Card>
  );
}
