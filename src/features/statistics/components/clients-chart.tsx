import { Trans, useLingui } from '@lingui/react/macro';
import { useComputedColorScheme } from '@mantine/core';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import type { ClientsReport } from '../../../api/hit-classes';
import { PlainTable } from '../../../components/plain-table';
import { formatCount } from '../format';
import { seriesColors } from '../palette';
import { axisProps } from './chart-theme';

/**
 * Opens and clicks by mail client family (issue 51), as bars, with the same numbers and the
 * device types in a table beside them for screen readers and exact values.
 */
export function ClientsChart({ report }: { report: ClientsReport }) {
  const { t } = useLingui();
  const scheme = useComputedColorScheme('light');
  const colors = seriesColors[scheme];
  const device = (name: string) => t`Device: ${name}`;
  if (report.families.length === 0) return null;
  return (
    <figure aria-label={t`Clients chart`} style={{ margin: 0 }}>
      <div style={{ width: '100%', height: 40 + report.families.length * 36 }} aria-hidden="true">
        <ResponsiveContainer>
          {/* No keyboard layer inside an aria-hidden box: the table beside it is the accessible view. */}
          <BarChart
            data={report.families}
            layout="vertical"
            margin={{ left: 16, right: 16 }}
            accessibilityLayer={false}
          >
            <CartesianGrid horizontal={false} strokeDasharray="3 3" />
            <XAxis type="number" allowDecimals={false} tickFormatter={formatCount} {...axisProps} />
            <YAxis type="category" dataKey="name" width={110} {...axisProps} />
            <Legend />
            <Bar dataKey="opens" name={t`Opens`} fill={colors[0]} isAnimationActive={false} />
            <Bar dataKey="clicks" name={t`Clicks`} fill={colors[1]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <PlainTable aria-label={t`Clients by family and device`}>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Client or device</Trans>
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
          {[...report.families, ...report.devices.map((d) => ({ ...d, name: device(d.name) }))].map(
            (row) => (
              <tr key={row.name}>
                <th scope="row">{row.name}</th>
                <td>{formatCount(row.opens)}</td>
                <td>{formatCount(row.clicks)}</td>
              </tr>
            ),
          )}
        </tbody>
      </PlainTable>
    </figure>
  );
}
