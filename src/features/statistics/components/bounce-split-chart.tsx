import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Text, useComputedColorScheme } from '@mantine/core';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { PlainTable } from '../../../components/plain-table';
import { formatCount } from '../format';
import { bounceColors } from '../palette';
import { axisProps, tooltipStyle } from './chart-theme';

export type BounceSplit = { key: string; label: string; hard: number; soft: number };

const HATCH_ID = 'stats-hard-bounce-hatch';

/**
 * Hard (permanent) against soft bounces per mailing, stacked. Hard bars are hatched as well
 * as coloured, so the two read apart in greyscale and for every kind of colour vision.
 */
export function BounceSplitChart({ rows }: { rows: BounceSplit[] }) {
  const { t } = useLingui();
  const scheme = useComputedColorScheme('light');
  const colors = bounceColors[scheme];
  return (
    <>
      <ResponsiveContainer width="100%" height={Math.max(110, rows.length * 44 + 40)}>
        <BarChart
          data={rows}
          layout="vertical"
          title={t`Hard and soft bounces`}
          desc={t`Hard and soft bounces per mailing, stacked.`}
          margin={{ top: 4, right: 24, bottom: 4, left: 8 }}
        >
          <defs>
            <pattern
              id={HATCH_ID}
              width={6}
              height={6}
              patternUnits="userSpaceOnUse"
              patternTransform="rotate(45)"
            >
              <rect width={6} height={6} fill={colors.hard} />
              <line
                x1={0}
                y1={0}
                x2={0}
                y2={6}
                stroke="var(--mantine-color-body)"
                strokeWidth={2}
              />
            </pattern>
          </defs>
          <CartesianGrid
            stroke="var(--mantine-color-default-border)"
            strokeDasharray="3 3"
            horizontal={false}
          />
          <XAxis {...axisProps} type="number" allowDecimals={false} tickFormatter={formatCount} />
          <YAxis {...axisProps} type="category" dataKey="label" width={200} interval={0} />
          <Tooltip {...tooltipStyle} formatter={(value) => formatCount(Number(value))} />
          <Bar
            dataKey="hard"
            name={t`Hard`}
            stackId="b"
            fill={`url(#${HATCH_ID})`}
            stroke={colors.hard}
            isAnimationActive={false}
          />
          <Bar
            dataKey="soft"
            name={t`Soft`}
            stackId="b"
            fill={colors.soft}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
      <Group
        component="ul"
        gap="md"
        mt="xs"
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={t`Legend`}
      >
        <Group component="li" gap={6}>
          <svg width={16} height={12} aria-hidden focusable="false">
            <rect width={16} height={12} fill={`url(#${HATCH_ID})`} stroke={colors.hard} />
          </svg>
          <Text size="sm">
            <Trans>Hard (permanent)</Trans>
          </Text>
        </Group>
        <Group component="li" gap={6}>
          <svg width={16} height={12} aria-hidden focusable="false">
            <rect width={16} height={12} fill={colors.soft} />
          </svg>
          <Text size="sm">
            <Trans>Soft (temporary)</Trans>
          </Text>
        </Group>
      </Group>
    </>
  );
}

export function BounceSplitTable({ rows }: { rows: BounceSplit[] }) {
  const { t } = useLingui();
  return (
    <PlainTable aria-label={t`Hard and soft bounces`}>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Mailing</Trans>
          </th>
          <th scope="col" style={{ textAlign: 'right' }}>
            <Trans>Hard</Trans>
          </th>
          <th scope="col" style={{ textAlign: 'right' }}>
            <Trans>Soft</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row" style={{ fontWeight: 400 }}>
              {r.label}
            </th>
            <td style={{ textAlign: 'right' }}>{formatCount(r.hard)}</td>
            <td style={{ textAlign: 'right' }}>{formatCount(r.soft)}</td>
          </tr>
        ))}
      </tbody>
    </PlainTable>
  );
}
