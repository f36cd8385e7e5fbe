import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The title row of every screen: heading, optional description, actions on the right. */
export function PageHeader({
  title,
  description,
  actions,
  above,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** Breadcrumbs or a back link. */
  above?: ReactNode;
}) {
  return (
    <Stack gap={4} mb="lg">
      {above}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        {/* A long title (an email address) wraps rather than widening the page on a phone. */}
        <div style={{ minWidth: 0, maxWidth: '100%', overflowWrap: 'anywhere' }}>
          <Title order={1} size="h2">
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          )}
        </div>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
    </Stack>
  );
}
