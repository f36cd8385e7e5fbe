import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, List, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { ErrorState, LinesSkeleton } from '../../../components/states';
import { suggestDateFormat } from '../columns/date-formats';
import { matchHeader } from '../columns/header-match';
import { columnSamples } from '../columns/samples';
import { dateTargets, type MappingTarget } from '../columns/targets';
import { dispatch } from '../wizard/store';
import type { WizardData } from '../wizard/use-wizard-data';
import { DateFormatField } from './date-format-field';
import type { GoTo } from '../wizard/steps';
import { StepNav } from './step-nav';

const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

export function ColumnsStep({ data, goTo }: { data: WizardData; goTo: GoTo }) {
  const { t } = useLingui();
  const { table, targets, mapping, problems, fields } = data;
  const { dateFormat } = data.state;

  const samples = useMemo(
    () =>
      table
        ? Array.from({ length: table.columnCount }, (_, i) => columnSamples(table.rows, i))
        : [],
    [table],
  );
  if (fields.error)
    return <ErrorState error={fields.error} onRetry={() => void fields.refetch()} />;
  if (!table || !targets || !mapping || !problems)
    return <LinesSkeleton lines={6} label={t`Loading the fields`} />;

  const dates = dateTargets(targets);
  const title = (i: number) => {
    const name = clip(table.header?.[i]?.trim() ?? '');
    const number = i + 1;
    return name ? t`Column ${number} (${name})` : t`Column ${number}`;
  };
  const duplicates = new Set(mapping.fields.filter((f, i) => f && mapping.fields.indexOf(f) !== i));
  const map = (index: number, field: string) => {
    const values = dates.has(field) ? columnSamples(table.rows, index, 20) : [];
    dispatch({
      type: 'columnMapped',
      index,
      field,
      ...(values.length ? { dateFormat: suggestDateFormat(values, dateFormat) } : {}),
    });
  };
  const fieldFor = (i: number) => {
    const number = i + 1;
    return t`Field for column ${number}`;
  };
  const targetOption = (target: MappingTarget) => {
    const label = target.label;
    if (target.required && target.custom) return t`${label} (required) — custom field`;
    if (target.required) return t`${label} (required)`;
    return target.custom ? t`${label} — custom field` : label;
  };
  const options = [
    { value: '', label: t`Ignore this column` },
    ...targets.map((target) => ({ value: target.name, label: targetOption(target) })),
  ];

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        <Trans>Choose the subscriber field each column fills, or ignore it.</Trans>{' '}
        {table.header
          ? t`Columns were matched by their header names; check the suggestions.`
          : t`The file has no header row: map the columns by their values.`}
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label={t`Column mapping`} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Column</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Sample values</Trans>
              </Table.Th>
              <Table.Th w={320}>
                <Trans>Subscriber field</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mapping.fields.map((field, i) => {
              const auto = table.header ? matchHeader(table.header[i] ?? '', targets) : undefined;
              return (
                <Table.Tr key={i}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {title(i)}
                    </Text>
                    {auto && auto.field === field && (
                      <Badge size="xs" variant="light" color={auto.exact ? 'teal' : 'yellow'}>
                        {auto.exact ? t`matched by name` : t`similar name`}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={samples[i]?.length ? undefined : 'dimmed'}>
                      {samples[i]?.length ? samples[i]!.map(clip).join(' · ') : t`empty`}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <NativeSelect
                      aria-label={fieldFor(i)}
                      data={options}
                      value={field}
                      onChange={(e) => map(i, e.currentTarget.value)}
                      error={
                        duplicates.has(field)
                          ? t`This field is mapped to another column too`
                          : undefined
                      }
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <div>
        <Title order={2} size="h4" mb="xs">
          <Trans>Dates</Trans>
        </Title>
        <DateFormatField
          value={dateFormat}
          onChange={(format) => dispatch({ type: 'dateFormatChanged', dateFormat: format })}
          samples={mapping.fields.flatMap((f, i) =>
            dates.has(f) ? [{ column: title(i), values: samples[i] ?? [] }] : [],
          )}
        />
      </div>

      {problems.errors.length > 0 && (
        <Alert color="red" title={t`Before checking the rows`} role="alert">
          <List size="sm">
            {problems.errors.map((m) => (
              <List.Item key={m}>{m}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {problems.warnings.length > 0 && (
        <Alert color="yellow" title={t`Good to know`} role="status">
          <List size="sm">
            {problems.warnings.map((m) => (
              <List.Item key={m}>{m}</List.Item>
            ))}
          </List>
        </Alert>
      )}

      <StepNav
        onBack={() => goTo('format')}
        onNext={() => goTo('check')}
        nextLabel={t`Next: Check the rows`}
        nextDisabled={problems.errors.length > 0}
      />
    </Stack>
  );
}
