import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useSearchParams } from 'react-router';
import type { CampaignMailingStats } from '../../../api/campaigns';
import { ErrorState } from '../../../components/states';
import { encodeCsv } from '../../../lib/csv-export';
import { downloadBlob } from '../../../lib/download';
import { statisticsQueries } from '../queries';
import { axisProps, tooltipStyle } from './chart-theme';
import { formatCount } from '../../../lib/format';

const metrics = [
  ['opens', msg`Opens`],
  ['unique_opens', msg`Unique opens`],
  ['clicks', msg`Clicks`],
  ['unique_clicks', msg`Unique clicks`],
  ['hard_bounces', msg`Hard bounces`],
  ['soft_bounces', msg`Soft bounces`],
] as const;
type SortKey = 'name' | (typeof metrics)[number][0];

/**
 * Choose a campaign and see its mailings side by side (table and chart), sortable and
 * exportable. Hidden where the API has no campaigns (proxy mode). `?compare=<id>` keeps it.
 */
export function CampaignComparison() {
  const { t } = useLingui();
  const campaigns = useQuery(statisticsQueries.campaigns());
  const [params, setParams] = useSearchParams();
  const raw = params.get('compare');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
  if (!campaigns.data?.supported) return null;
  const chosen = campaigns.data.data.find((c) => c.id === id);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t`Campaign comparison`}>
      <Stack gap="md">
        <Select
          label={t`Compare the mailings of a campaign`}
          placeholder={t`Choose a campaign`}
          searchable
          clearable
          data={campaigns.data.data.map((c) => ({ value: String(c.id), label: c.name }))}
          value={id === undefined ? null : String(id)}
          onChange={(value) =>
            setParams((current) => {
              const next = new URLSearchParams(current);
              if (value) next.set('compare', value);
              else next.delete('compare');
              return next;
            })
          }
        />
        {chosen && <Comparison id={chosen.id} name={chosen.name} />}
      </Stack>
    </Paper>
  );
}

function Comparison({ id, name }: { id: number; name: string }) {
  const { t, i18n } = useLingui();
  const rows = useQuery(statisticsQueries.comparison(id));
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'name', desc: false });
  if (rows.isError) return <ErrorState error={rows.error} onRetry={() => void rows.refetch()} />;
  if (!rows.data)
    return (
      <Text size="sm">
        <Trans>Loading the campaign’s mailings…</Trans>
      </Text>
    );
  if (!rows.data.length)
    return (
      <Text size="sm">
        <Trans>This campaign has no mailings yet.</Trans>
      </Text>
    );
  const sorted = [...rows.data].sort((a, b) => {
    const order = sort.key === 'name' ? a.name.localeCompare(b.name) : a[sort.key] - b[sort.key];
    return sort.desc ? -order : order;
  });
  const title = t`Mailings of “${name}” compared`;
  const exportCsv = async () => {
    const csv = await encodeCsv(
      sorted.map((r) => [r.name, ...metrics.map(([k]) => r[k])]),
      ['mailing', ...metrics.map(([k]) => k)],
    );
    downloadBlob(
      new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }),
      `campaign-${id}-mailings.csv`,
    );
  };
  const header = (key: SortKey, label: string) => (
    <Table.Th
      aria-sort={sort.key === key ? (sort.desc ? 'descending' : 'ascending') : 'none'}
      ta={key === 'name' ? undefined : 'right'}
    >
      <UnstyledButton
        onClick={() => setSort({ key, desc: sort.key === key ? !sort.desc : key !== 'name' })}
        fw={600}
      >
        {label}
        {sort.key === key ? (sort.desc ? ' ↓' : ' ↑') : ''}
      </UnstyledButton>
    </Table.Th>
  );
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => void exportCsv()}
        >
          <Trans>Export comparison CSV</Trans>
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label={title} striped>
          <Table.Thead>
            <Table.Tr>
              {header('name', t`Mailing`)}
              {metrics.map(([key, label]) => header(key, i18n._(label)))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.map((r) => (
              <Table.Tr key={r.mailing}>
                <Table.Td>{r.name}</Table.Td>
                {metrics.map(([key]) => (
                  <Table.Td key={key} ta="right">
                    {formatCount(r[key])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ComparisonChart rows={sorted} title={title} />
    </Stack>
  );
}

function ComparisonChart({ rows, title }: { rows: CampaignMailingStats[]; title: string }) {
  const { t } = useLingui();
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart
        data={rows}
        title={title}
        desc={t`Unique opens and unique clicks by people (not machines) per mailing.`}
      >
        <CartesianGrid stroke="var(--mantine-color-default-border)" strokeDasharray="3 3" />
        <XAxis dataKey="name" {...axisProps} />
        <YAxis allowDecimals={false} tickFormatter={formatCount} {...axisProps} />
        <Tooltip {...tooltipStyle} formatter={(value) => formatCount(Number(value))} />
        <Legend />
        <Bar dataKey="unique_opens" name={t`Unique opens`} fill="var(--mantine-color-blue-6)" />
        <Bar dataKey="unique_clicks" name={t`Unique clicks`} fill="var(--mantine-color-teal-7)" />
      </BarChart>
    </ResponsiveContainer>
  );
}
