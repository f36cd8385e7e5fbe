import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { describeError } from '../api/errors';

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py="xl" role="status">
      <Text fw={600}>{title}</Text>
      {children && (
        <Text c="dimmed" size="sm" ta="center">
          {children}
        </Text>
      )}
    </Stack>
  );
}

/** A failed load, said in words a person can act on, with a way to try again. */
export function ErrorState({
  error,
  onRetry,
  title = 'This could not be loaded',
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{describeError(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

export function LinesSkeleton({
  lines = 5,
  label = 'Loading',
}: {
  lines?: number;
  label?: string;
}) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label} role="progressbar">
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} height={28} radius="sm" />
      ))}
    </Stack>
  );
}

export function DetailSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading" role="progressbar">
      <Skeleton height={32} width="40%" />
      <Group>
        <Skeleton height={20} width={160} />
        <Skeleton height={20} width={220} />
      </Group>
      <Skeleton height={120} />
    </Stack>
  );
}
