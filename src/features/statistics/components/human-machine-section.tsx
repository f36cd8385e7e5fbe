import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ClassFilter, ClientsReport } from '../../../api/hit-classes';
import { PlainTable } from '../../../components/plain-table';
import { useCan } from '../../../components/use-can';
import { formatCount, shortUrl } from '../format';
import { classLabels, labelOf, reasonLabels } from '../hit-labels';
import { statisticsQueries, useReclassifyHits } from '../queries';
import { ClientsChart } from './clients-chart';

const total = (rows: ClientsReport['classes'], kind: 'opens' | 'clicks', human: boolean) =>
  rows.filter((r) => (r.name === 'human') === human).reduce((sum, r) => sum + r[kind], 0);

/**
 * One mailing's opens and clicks told human or machine (issue 51): people first with machines
 * beside them, why machines were told apart, the clients people read with, and each link's
 * clicks by people and by machines. Hidden where the server does not classify hits.
 */
export function HumanMachineSection({ mailing }: { mailing: number }) {
  const { t } = useLingui();
  const [shown, setShown] = useState<ClassFilter>('human');
  const all = useQuery(statisticsQueries.hitClients(mailing, 'all'));
  const clients = useQuery(statisticsQueries.hitClients(mailing, shown));
  const human = useQuery(statisticsQueries.linksByClass(mailing, 'human'));
  const machine = useQuery(statisticsQueries.linksByClass(mailing, 'machine'));
  const canReclassify = useCan('settings:manage');
  const reclassify = useReclassifyHits();
  if (!all.data?.supported) return null;
  const report = all.data.data;
  const links = [
    ...new Set([...(human.data ?? []), ...(machine.data ?? [])].map((u) => u.url)),
  ].map((url) => ({
    url,
    human: human.data?.find((u) => u.url === url)?.count ?? 0,
    machine: machine.data?.find((u) => u.url === url)?.count ?? 0,
  }));
  links.sort((a, b) => b.human - a.human || b.machine - a.machine);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="human-machine-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3" id="human-machine-title">
            <Trans>People and machines</Trans>
          </Title>
          {canReclassify && (
            <Button
              variant="default"
              size="xs"
              loading={reclassify.isPending}
              onClick={() => reclassify.mutate()}
            >
              <Trans>Reclassify all hits</Trans>
            </Button>
          )}
        </Group>
        <PlainTable aria-label={t`Opens and clicks by people and by machines`}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Hits</Trans>
              </th>
              <th scope="col">
                <Trans>People</Trans>
              </th>
              <th scope="col">
                <Trans>Machines</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {(['opens', 'clicks'] as const).map((kind) => (
              <tr key={kind}>
                <th scope="row">{kind === 'opens' ? t`Opens` : t`Clicks`}</th>
                <td>{formatCount(total(report.classes, kind, true))}</td>
                <td>{formatCount(total(report.classes, kind, false))}</td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
        <CountsTable
          label={t`Why machine`}
          rows={[
            ...report.classes
              .filter((c) => c.name !== 'human')
              .map((c) => ({ ...c, name: labelOf(classLabels, c.name) })),
            ...report.reasons.map((r) => ({ ...r, name: `· ${labelOf(reasonLabels, r.name)}` })),
          ]}
          empty={t`No machine opened or clicked this mailing.`}
        />
        <Group justify="space-between" wrap="wrap" align="flex-end">
          <Title order={3} size="h4">
            <Trans>Clients</Trans>
          </Title>
          <SegmentedControl
            aria-label={t`Count hits of`}
            size="xs"
            value={shown}
            onChange={(value) => setShown(value as ClassFilter)}
            data={[
              { value: 'human', label: t`People` },
              { value: 'machine', label: t`Machines` },
              { value: 'all', label: t`All` },
            ]}
          />
        </Group>
        {clients.data?.supported && <ClientsChart report={clients.data.data} />}
        <PlainTable aria-label={t`Clicks per link by people and by machines`}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Link</Trans>
              </th>
              <th scope="col">
                <Trans>People</Trans>
              </th>
              <th scope="col">
                <Trans>Machines</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {links.map((l) => (
              <tr key={l.url}>
                <th scope="row" title={l.url}>
                  {shortUrl(l.url, 48)}
                </th>
                <td>{formatCount(l.human)}</td>
                <td>{formatCount(l.machine)}</td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
        {links.length === 0 && (
          <Text c="dimmed">
            <Trans>No clicks yet.</Trans>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function CountsTable({
  label,
  rows,
  empty,
}: {
  label: string;
  rows: ClientsReport['classes'];
  empty: string;
}) {
  if (rows.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <PlainTable aria-label={label}>
      <caption>{label}</caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Class or reason</Trans>
          </th>
          <th scope="col">
            <Trans>Opens</Trans>
          </th>
          <th scope="col">
            <Trans>Clicks</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.name}>
            <th scope="row">{r.name}</th>
            <td>{formatCount(r.opens)}</td>
            <td>{formatCount(r.clicks)}</td>
          </tr>
        ))}
      </tbody>
    </PlainTable>
  );
}
