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

const kindLabels: Record<StatisticKind, string> = {
  opens: 'Opens',
  clicks: 'Clicks',
  bounces: 'Bounces',
};

function columnsOf(kind: StatisticKind, names: ReadonlyMap<number, string>): Column<AnyRecord>[] {
  const common: Column<AnyRecord>[] = [
    { key: 'datetime', header: 'Time', width: 220, render: (r) => formatTime(r.datetime) },
    {
      key: 'mailing',
      header: 'Mailing',
      render: (r) => names.get(r.mailing) ?? `Mailing id ${r.mailing}`,
    },
    { key: 'email', header: 'Email', render: (r) => r.email },
  ];
  if (kind === 'clicks')
    return [
      ...common,
      {
        key: 'url',
        header: 'Link',
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
        header: 'Type',
        render: (r) => (
          <Badge variant="light" color={r.hard ? 'red' : 'gray'}>
            {r.hard ? 'Hard' : 'Soft'}
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
  const label = `${kindLabels[kind]} records`;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="stats-records-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Text fw={700} id="stats-records-title">
            Records
          </Text>
          <Group align="flex-end" gap="sm">
            <SegmentedControl
              aria-label="Records to show"
              size="xs"
              data={(['opens', 'clicks', 'bounces'] as const).map((k) => ({
                value: k,
                label: kindLabels[k],
              }))}
              value={kind}
              onChange={(value) => update({ records: value as StatisticKind })}
            />
            {choices.length > 1 && (
              <NativeSelect
                label="Records of"
                size="xs"
                w={240}
                data={choices.map((id) => ({
                  value: String(id),
                  label: names.get(id) ?? `Mailing id ${id}`,
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
          <EmptyState title="No mailings in scope">
            This list has no mailings to show records of.
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
            empty={<EmptyState title={`No ${kind} match these filters`} />}
          />
        )}
      </Stack>
    </Paper>
  );
}
