import { Paper, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** One card of the home: a region named by its heading. */
export function HomeCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder p="md" radius="md">
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
