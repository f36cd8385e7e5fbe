import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Badge, Group, NativeSelect, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { StatisticKind, StatisticRecord } from '../../../api/statistics';
import { DataTable, type Column } from '../../../components/data-table';
import { EmptyState } from '../../../components/states';
import { useTableParams } from '../../../components/use-table-params';
import type { ChartFilters } from '../chart-data';
import { formatTime } from '../format';
import { statisticsQueries } from '../queries';
import { recordsFileName } from '../records-csv';
import type { ViewChange, ViewState } from '../view-params';
import { ExportRecordsButton } from './export-records-button';

type AnyRecord = StatisticRecord<'opens'> & { url?: string; hard?: boolean };

const kindLabels: Record<StatisticKind, MessageDescriptor> = {
  opens: msg`Opens`,
  clicks: msg`Clicks`,
  bounces: msg`Bounces`,
};
const recordLabels: Record<StatisticKind, MessageDescriptor> = {
  opens: msg`Opens records`,
  clicks: msg`Clicks records`,
  bounces: msg`Bounces records`,
};
const noneLabels: Record<StatisticKind, MessageDescriptor> = {
  opens: msg`No opens match these filters`,
  clicks: msg`No clicks match these filters`,
  bounces: msg`No bounces match these filters`,
};
const mailingId = (id: number) => t`Mailing id ${id}`;

function columnsOf(kind: StatisticKind, names: ReadonlyMap<number, string>): Column<AnyRecord>[] {
  const common: Column<AnyRecord>[] = [
    { key: 'datetime', header: t`Time`, width: 220, render: (r) => formatTime(r.datetime) },
    {
      key: 'mailing',
      header: t`Mailing`,
      render: (r) => names.get(r.mailing) ?? mailingId(r.mailing),
    },
    { key: 'email', header: t`Email`, render: (r) => r.email },
  ];
  if (kind === 'clicks')
    return [
      ...common,
      {
        key: 'url',
        header: t`Link`,
        render: (r) => (
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {r.url}
          </Text>
        ),
      },
    ];
  if (kind === 'bounces')
    return [
      ...common,
      {
        key: 'hard',
        header: t`Type`,
        render: (r) => (
          <Badge variant="light" color={r.hard ? 'red' : 'gray'}>
            {r.hard ? t`Hard` : t`Soft`}
          </Badge>
        ),
      },
    ];
  return common;
}

/**
 * The raw records under the charts, paged by the server, with the same filters. The API
 * filters one mailing at a time, so with several in scope the table shows one of them.
 */
export function RecordsSection({
  view,
  update,
  filters,
  choices,
  mailing,
  names,
}: {
  view: ViewState;
  update: (change: ViewChange) => void;
  filters: ChartFilters;
  /** Mailings the table can show; empty = no mailing filter. */
  choices: number[];
  /** The mailing shown; null = all; undefined = nothing to show. */
  mailing: number | null | undefined;
  names: ReadonlyMap<number, string>;
}) {
  const table = useTableParams({ pageSize: 25 });
  const kind = view.records;
  const scoped: ChartFilters = mailing ? { ...filters, mailing } : filters;
  const query = { ...scoped, page: table.page, page_size: table.pageSize };
  const records = useQuery({
    ...statisticsQueries.records(kind, query),
    enabled: mailing !== undefined,
  });
  const label = i18n._(recordLabels[kind]);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="stats-records-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Text fw={700} id="stats-records-title">
            <Trans>Records</Trans>
          </Text>
          <Group align="flex-end" gap="sm">
            <SegmentedControl
              aria-label={i18n._(msg`Records to show`)}
              size="xs"
              data={(['opens', 'clicks', 'bounces'] as const).map((k) => ({
                value: k,
                label: i18n._(kindLabels[k]),
              }))}
              value={kind}
              onChange={(value) => update({ records: value as StatisticKind })}
            />
            {choices.length > 1 && (
              <NativeSelect
                label={i18n._(msg`Records of`)}
                size="xs"
                w={240}
                data={choices.map((id) => ({
                  value: String(id),
                  label: names.get(id) ?? mailingId(id),
                }))}
                value={mailing ? String(mailing) : ''}
                onChange={(e) => update({ recordsMailing: Number(e.currentTarget.value) })}
              />
            )}
            <ExportRecordsButton
              kind={kind}
              filters={scoped}
              names={names}
              fileName={recordsFileName(kind, view)}
              disabled={mailing === undefined || records.data?.count === 0}
            />
          </Group>
        </Group>
        {mailing === undefined ? (
          <EmptyState title={i18n._(msg`No mailings in scope`)}>
            <Trans>This list has no mailings to show records of.</Trans>
          </EmptyState>
        ) : (
          <DataTable
            label={label}
            columns={columnsOf(kind, names)}
            rowKey={(r) => `${r.mailing}|${r.email}|${r.datetime}|${r.url ?? ''}`}
            table={table}
            data={records.data as { count: number; results: AnyRecord[] } | undefined}
            isPending={records.isPending || records.isPlaceholderData}
            error={records.error}
            onRetry={() => void records.refetch()}
            empty={<EmptyState title={i18n._(noneLabels[kind])} />}
          />
        )}
      </Stack>
    </Paper>
  );
}
