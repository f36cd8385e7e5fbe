import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { RunState } from '../../../api/automations';
import { EmptyState, ErrorState, LinesSkeleton } from '../../../components/states';
import { Pager } from '../../../components/table-pager';
import { stateLabel } from '../describe';
import { formatDateTime } from '../../../lib/format';
import { runStates } from '../../../../contract/automations';
import { automationQueries } from '../queries';

const PAGE = 20;

/** The runs of an automation, by state: who is where, until when, and how runs ended. */
export function RunsTable({ listId, id }: { listId: number; id: number }) {
  const { t } = useLingui();
  const [state, setState] = useState<RunState | undefined>(undefined);
  const [page, setPage] = useState(1);
  const runs = useQuery(automationQueries.runs(listId, id, page, state));
  return (
    <Stack>
      <Group justify="space-between">
        <Text fw={600}>
          <Trans>Runs</Trans>
        </Text>
        <Select
          label={t`Runs in state`}
          w={180}
          clearable
          placeholder={t`Any`}
          data={runStates.map((s) => ({ value: s, label: stateLabel(s) }))}
          value={state ?? null}
          onChange={(v) => {
            setState((v as RunState | null) ?? undefined);
            setPage(1);
          }}
        />
      </Group>
      {runs.isPending ? (
        <LinesSkeleton lines={3} />
      ) : runs.isError ? (
        <ErrorState error={runs.error} onRetry={() => void runs.refetch()} />
      ) : runs.data.count === 0 ? (
        <EmptyState title={t`No runs`} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={320}>
            <Table aria-label={t`Runs`} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Email</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>State</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Step</Trans>
                  </Table.Th>
                  <Table.Th visibleFrom="sm">
                    <Trans>Due / ended</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {runs.data.results.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{r.email}</Table.Td>
                    <Table.Td>
                      {stateLabel(r.state)}
                      {r.exit_reason ? ` (${r.exit_reason})` : ''}
                    </Table.Td>
                    <Table.Td>{r.step === null ? '—' : r.step + 1}</Table.Td>
                    <Table.Td visibleFrom="sm">
                      {r.due_datetime
                        ? formatDateTime(r.due_datetime)
                        : r.end_datetime
                          ? formatDateTime(r.end_datetime)
                          : '—'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {runs.data.count > PAGE && (
            <Pager total={Math.ceil(runs.data.count / PAGE)} page={page} onChange={setPage} />
          )}
        </>
      )}
    </Stack>
  );
}
