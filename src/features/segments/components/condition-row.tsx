import {
  Group,
  MultiSelect,
  Paper,
  Select,
  TagsInput,
  Text,
  TextInput,
  CloseButton,
} from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { operatorsByFieldType } from '../../../../contract/segments';
import type { CustomField } from '../../../api/fields';
import {
  builtInConditions,
  conditionFor,
  pickerValue,
  type DraftCondition,
} from '../condition-model';
import { stateLabel } from '../state-labels';

type Props = {
  index: number;
  condition: DraftCondition;
  fields: readonly CustomField[];
  errors: Record<string, string[]> | undefined;
  onChange: (next: DraftCondition) => void;
  onRemove: () => void;
};

const states = ['active', 'pending', 'bounced', 'unsubscribed'];
const genders = [
  { value: 'f', label: msg`Female` },
  { value: 'm', label: msg`Male` },
  { value: '', label: msg`Not given` },
];
const operatorLabels: Record<string, MessageDescriptor> = {
  equals: msg`equals`,
  contains: msg`contains`,
  range: msg`between`,
  choice: msg`is one of`,
};
// Called while rendering: the active locale's words.
function engagementText(action: string, url: string): string {
  const sentence =
    action === 'opened'
      ? t`People who opened a mailing`
      : action === 'clicked'
        ? t`People who clicked a mailing`
        : action === 'bounced'
          ? t`People who bounced a mailing`
          : t`People who ${action} a mailing`;
  return url ? `${sentence} ${t`(link ${url})`}` : sentence;
}
const list = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);
const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** One condition of a segment: which field, and what it must be. */
export function ConditionRow({ index, condition, fields, errors, onChange, onRemove }: Props) {
  const { t, i18n } = useLingui();
  const n = index + 1;
  const err = (key: string) => errors?.[key]?.join(' ');
  const set = (key: string, value: unknown) => onChange({ ...condition, [key]: value });
  const custom =
    condition.field === 'custom' ? fields.find((f) => f.name === condition.name) : undefined;
  const fieldOptions = [
    ...builtInConditions.map((c) => ({ value: c.value, label: i18n._(c.label) })),
    ...fields.map((f) => ({ value: `custom:${f.name}`, label: f.label })),
    ...(condition.field === 'engagement' ? [{ value: 'engagement', label: t`Engagement` }] : []),
  ];
  const range = (type: string) => (
    <>
      <TextInput
        label={t`Condition ${n}: from`}
        type={type}
        value={text(condition.from)}
        onChange={(e) => set('from', e.currentTarget.value)}
        error={err('from')}
      />
      <TextInput
        label={t`Condition ${n}: to`}
        type={type}
        value={text(condition.to)}
        onChange={(e) => set('to', e.currentTarget.value)}
        error={err('to')}
      />
    </>
  );
  return (
    <Paper withBorder p="sm" radius="sm" aria-label={t`Condition ${n}`}>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <Select
          label={t`Condition ${n}: field`}
          data={fieldOptions}
          value={pickerValue(condition)}
          allowDeselect={false}
          onChange={(v) => v && onChange(conditionFor(v, fields))}
          error={err('field') ?? err('name')}
        />
        {condition.field === 'subscription' && (
          <MultiSelect
            label={t`Condition ${n}: states`}
            data={states.map((s) => ({ value: s, label: stateLabel(s) }))}
            value={list(condition.in)}
            onChange={(v) => set('in', v)}
            error={err('in')}
          />
        )}
        {condition.field === 'gender' && (
          <MultiSelect
            label={t`Condition ${n}: genders`}
            data={genders.map((g) => ({ value: g.value, label: i18n._(g.label) }))}
            value={list(condition.in)}
            onChange={(v) => set('in', v)}
            error={err('in')}
          />
        )}
        {(condition.field === 'language' || condition.field === 'region') && (
          <TagsInput
            label={
              condition.field === 'language'
                ? t`Condition ${n}: language codes`
                : t`Condition ${n}: region codes`
            }
            description={
              condition.field === 'region' ? t`A country includes its regions.` : undefined
            }
            value={list(condition.in)}
            onChange={(v) => set('in', v)}
            splitChars={[',', ' ']}
            error={err('in')}
          />
        )}
        {condition.field === 'date_of_birth' && range('date')}
        {condition.field === 'create_datetime' && range('date')}
        {condition.field === 'custom' && custom && (
          <>
            <Select
              label={t`Condition ${n}: operator`}
              data={operatorsByFieldType[custom.type].map((o) => ({
                value: o,
                label: operatorLabels[o] ? i18n._(operatorLabels[o]) : o,
              }))}
              value={text(condition.operator)}
              allowDeselect={false}
              onChange={(v) =>
                v && onChange({ field: 'custom', name: condition.name, operator: v })
              }
              error={err('operator')}
            />
            {(condition.operator === 'equals' || condition.operator === 'contains') &&
              (custom.type === 'choice' ? (
                <Select
                  label={t`Condition ${n}: value`}
                  data={(custom.choices ?? []).map((c) => ({
                    value: c.value,
                    label: c.display_name,
                  }))}
                  value={text(condition.value) || null}
                  onChange={(v) => set('value', v ?? '')}
                  error={err('value')}
                />
              ) : (
                <TextInput
                  label={t`Condition ${n}: value`}
                  type={custom.type === 'date' ? 'date' : 'text'}
                  value={text(condition.value)}
                  onChange={(e) => {
                    const raw = e.currentTarget.value;
                    set(
                      'value',
                      custom.type === 'integer' && /^-?\d+$/.test(raw) ? Number(raw) : raw,
                    );
                  }}
                  error={err('value')}
                />
              ))}
            {condition.operator === 'range' &&
              range(
                custom.type === 'date'
                  ? 'date'
                  : custom.type === 'datetime'
                    ? 'datetime-local'
                    : 'text',
              )}
            {condition.operator === 'choice' && (
              <MultiSelect
                label={t`Condition ${n}: values`}
                data={(custom.choices ?? []).map((c) => ({
                  value: c.value,
                  label: c.display_name,
                }))}
                value={list(condition.values)}
                onChange={(v) => set('values', v)}
                error={err('values')}
              />
            )}
          </>
        )}
        {condition.field === 'engagement' && (
          <Text size="sm">
            {engagementText(String(condition.action), condition.url ? String(condition.url) : '')}
          </Text>
        )}
        <CloseButton aria-label={t`Remove condition ${n}`} onClick={onRemove} />
      </Group>
    </Paper>
  );
}
