import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, useComputedColorScheme, VisuallyHidden } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  XAxis,
  YAxis,
  type BarShapeProps,
} from 'recharts';
import type { TopUrl } from '../../../api/statistics';
import { PlainTable } from '../../../components/plain-table';
import { formatCount, shortUrl } from '../format';
import { okabeIto, seriesColors } from '../palette';
import { axisProps } from './chart-theme';
import classes from './statistics.module.css';

type Row = TopUrl & { label: string };

/**
 * The most clicked links as bars. Each bar is a button (mouse, Enter or Space) that filters
 * the clicks by its link; the selected link's bar is outlined and darker, not only recoloured.
 */
export function TopUrlsChart({
  urls,
  selected,
  onSelect,
}: {
  urls: TopUrl[];
  selected: string | undefined;
  onSelect: (url: string) => void;
}) {
  const { t } = useLingui();
  const scheme = useComputedColorScheme('light');
  const base = seriesColors[scheme][0]!;
  const highlight = scheme === 'light' ? okabeIto.vermillion : okabeIto.orange;
  const rows: Row[] = urls.map((u) => ({ ...u, label: shortUrl(u.url, 36) }));

  const renderBar = (props: BarShapeProps) => {
    const row = props.payload as Row;
    const isSelected = row.url === selected;
    const url = row.url;
    const count = row.count;
    const clicks = plural(count, { one: '# click', other: '# clicks' });
    const choose = () => onSelect(row.url);
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        choose();
      }
    };
    return (
      <g
        role="button"
        tabIndex={0}
        aria-pressed={isSelected}
        aria-label={t`Filter records by ${url} (${clicks})`}
        onClick={choose}
        onKeyDown={onKeyDown}
        className={classes.urlBar}
      >
        <rect
          x={props.x}
          y={props.y}
          width={Math.max(props.width, 2)}
          height={props.height}
          fill={isSelected ? highlight : base}
          stroke={isSelected ? 'var(--mantine-color-text)' : 'none'}
          strokeWidth={2}
          rx={2}
        />
      </g>
    );
  };

  return (
    <ResponsiveContainer width="100%" height={Math.max(120, rows.length * 34 + 40)}>
      <BarChart
        data={rows}
        layout="vertical"
        accessibilityLayer={false}
        title={t`Top clicked links`}
        desc={t`Clicks per link, most clicked first. Each bar filters the records by its link.`}
        margin={{ top: 4, right: 24, bottom: 4, left: 8 }}
      >
        <CartesianGrid
          stroke="var(--mantine-color-default-border)"
          strokeDasharray="3 3"
          horizontal={false}
        />
        <XAxis {...axisProps} type="number" allowDecimals={false} tickFormatter={formatCount} />
        <YAxis {...axisProps} type="category" dataKey="label" width={230} interval={0} />
        <Bar dataKey="count" name={t`Clicks`} isAnimationActive={false} shape={renderBar} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** The table alternative; each row's button does what a click on the bar does. */
export function TopUrlsTable({
  urls,
  selected,
  onSelect,
}: {
  urls: TopUrl[];
  selected: string | undefined;
  onSelect: (url: string) => void;
}) {
  const { t } = useLingui();
  const filterBy = (url: string) => t`Filter records by ${url}`;
  return (
    <PlainTable aria-label={t`Top clicked links`}>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Link</Trans>
          </th>
          <th scope="col" style={{ textAlign: 'right' }}>
            <Trans>Clicks</Trans>
          </th>
          <th scope="col">
            <VisuallyHidden>
              <Trans>Filter</Trans>
            </VisuallyHidden>
          </th>
        </tr>
      </thead>
      <tbody>
        {urls.map((u) => (
          <tr key={u.url}>
            <th scope="row" style={{ fontWeight: 400, wordBreak: 'break-all' }}>
              {u.url}
            </th>
            <td style={{ textAlign: 'right' }}>{formatCount(u.count)}</td>
            <td>
              <Button
                size="compact-xs"
                variant={u.url === selected ? 'filled' : 'default'}
                aria-pressed={u.url === selected}
                aria-label={filterBy(u.url)}
                onClick={() => onSelect(u.url)}
              >
                <Trans>Filter</Trans>
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </PlainTable>
  );
}
