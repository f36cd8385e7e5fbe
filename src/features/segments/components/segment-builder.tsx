import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Segment, SegmentFilterInput } from '../../../api/segments';
import { describeError, isApiError } from '../../../api/errors';
import { FormAlert } from '../../../components/form-alert';
import { cleanCondition, type DraftCondition } from '../condition-model';
import { segmentQueries, useSaveSegment } from '../queries';
import { ConditionRow } from './condition-row';
import { MembersPreview } from './members-preview';

type ConditionErrors = Record<string, string[]>[];
type SaveErrors = { name?: string[]; filter?: { conditions?: ConditionErrors } } & Record<
  string,
  unknown
>;

/**
 * A segment's name and filter, with the count and first matching people updated live (the
 * preview follows the filter after a short pause in typing).
 */
export function SegmentBuilder({
  listId,
  segment,
  initialFilter,
  onSaved,
}: {
  listId: number;
  segment?: Segment;
  initialFilter?: SegmentFilterInput;
  onSaved: (saved: Segment) => void;
}) {
  const { t } = useLingui();
  const start = (segment?.filter ?? initialFilter ?? {}) as {
    match?: 'all' | 'any';
    conditions?: DraftCondition[];
  };
  const [name, setName] = useState(segment?.name ?? '');
  const [match, setMatch] = useState<'all' | 'any'>(start.match ?? 'all');
  const [conditions, setConditions] = useState<DraftCondition[]>(start.conditions ?? []);
  const [errors, setErrors] = useState<SaveErrors>({});
  const fields = useQuery(segmentQueries.fields(listId));
  const customFields = fields.data?.supported ? fields.data.data.results : [];
  const save = useSaveSegment(listId, segment?.id);

  const filter = { match, conditions: conditions.map(cleanCondition) } as SegmentFilterInput;
  const [debounced] = useDebouncedValue(filter, 400);
  const conditionErrors = errors.filter?.conditions ?? [];

  const submit = () => {
    setErrors({});
    save.mutate({ name, filter } as never, {
      onSuccess: onSaved,
      onError: (err) => setErrors(isApiError(err, 400) ? (err.body as SaveErrors) : {}),
    });
  };
  const other = Object.entries(errors)
    .filter(([k]) => k !== 'name' && k !== 'filter')
    .flatMap(([, v]) => (Array.isArray(v) ? v.map(String) : []));

  return (
    <Stack gap="md">
      <FormAlert
        messages={
          save.isError && !isApiError(save.error, 400) ? [describeError(save.error)] : other
        }
      />
      <TextInput
        label={t`Segment name`}
        withAsterisk
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={errors.name?.join(' ')}
      />
      <Group gap="sm">
        <Text size="sm" id="match-label">
          <Trans>People who match</Trans>
        </Text>
        <SegmentedControl
          aria-labelledby="match-label"
          value={match}
          onChange={(v) => setMatch(v as 'all' | 'any')}
          data={[
            { value: 'all', label: t`all conditions` },
            { value: 'any', label: t`any condition` },
          ]}
        />
      </Group>
      {conditions.map((c, i) => (
        <ConditionRow
          key={i}
          index={i}
          condition={c}
          fields={customFields}
          errors={conditionErrors[i]}
          onChange={(next) => setConditions(conditions.map((x, j) => (j === i ? next : x)))}
          onRemove={() => setConditions(conditions.filter((_, j) => j !== i))}
        />
      ))}
      <Group>
        <Button
          variant="default"
          onClick={() => setConditions([...conditions, { field: 'subscription', in: ['active'] }])}
        >
          <Trans>Add condition</Trans>
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          <Trans>Save segment</Trans>
        </Button>
      </Group>
      <MembersPreview listId={listId} filter={debounced} />
    </Stack>
  );
}
