/**
 * Axis and tooltip styling through Mantine's CSS variables, so the charts follow the colour
 * scheme without re-rendering (SVG presentation attributes accept var()).
 */
export const axisProps = {
  stroke: 'var(--mantine-color-default-border)',
  tick: { fill: 'var(--mantine-color-dimmed)', fontSize: 12 },
  tickLine: false,
} as const;

export const tooltipStyle = {
  contentStyle: {
    background: 'var(--mantine-color-body)',
    border: '1px solid var(--mantine-color-default-border)',
    borderRadius: 4,
    color: 'var(--mantine-color-text)',
    fontSize: 13,
  },
  labelStyle: { fontWeight: 600, color: 'var(--mantine-color-text)' },
} as const;
