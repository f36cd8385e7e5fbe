import { useLingui } from '@lingui/react/macro';
import { Group, Text, useComputedColorScheme } from '@mantine/core';
import { Symbols } from 'recharts';
import { seriesStyle } from '../palette';

export type LegendSeries = { key: string; label: string };

/**
 * The legend as HTML text: each entry shows its line's colour, dash and marker, and the
 * mailing's name is real text (readable, zoomable, translatable).
 */
export function SeriesLegend({ series }: { series: LegendSeries[] }) {
  const { t } = useLingui();
  const scheme = useComputedColorScheme('light');
  if (series.length < 2) return null;
  return (
    <Group
      component="ul"
      gap="md"
      mt="xs"
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={t`Legend`}
    >
      {series.map((s, i) => {
        const style = seriesStyle(i, scheme);
        return (
          <Group component="li" key={s.key} gap={6} wrap="nowrap">
            <svg width={36} height={14} aria-hidden focusable="false">
              <line
                x1={2}
                x2={34}
                y1={7}
                y2={7}
                stroke={style.color}
                strokeWidth={2}
                strokeDasharray={style.dash || undefined}
              />
              <Symbols cx={18} cy={7} type={style.marker} size={48} fill={style.color} />
            </svg>
            <Text size="sm">{s.label}</Text>
          </Group>
        );
      })}
    </Group>
  );
}
