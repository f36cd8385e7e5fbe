import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, Paper, Text, VisuallyHidden } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';

/**
 * A labelled chart (a figure named by its caption) with its table alternative one click
 * away: the same numbers for screen readers, keyboards and anyone who wants exact values.
 */
export function ChartCard({
  title,
  summary,
  chart,
  table,
  note,
}: {
  title: string;
  summary?: ReactNode;
  chart: ReactNode;
  table: ReactNode;
  note?: ReactNode;
}) {
  const { t } = useLingui();
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  return (
    <Paper withBorder p="md" component="figure" m={0} pos="relative" aria-labelledby={titleId}>
      <Box component="figcaption" pr={120} mb="sm">
        <Text fw={700} id={titleId}>
          {title}
        </Text>
        {summary && (
          <Text size="sm" c="dimmed">
            {summary}
          </Text>
        )}
      </Box>
      <Button
        pos="absolute"
        top={12}
        right={12}
        size="compact-xs"
        variant="default"
        onClick={() => setAsTable((v) => !v)}
      >
        {/* The name starts with the visible words (WCAG 2.5.3, speech control), then says
            which chart: "Show table of Opens over time". */}
        {asTable ? t`Show chart` : t`Show table`}{' '}
        <VisuallyHidden>
          <Trans>of {title}</Trans>
        </VisuallyHidden>
      </Button>
      {asTable ? table : chart}
      {note}
    </Paper>
  );
}
