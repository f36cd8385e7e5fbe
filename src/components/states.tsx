import { Trans, useLingui } from '@lingui/react/macro';
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
  title,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  const { t } = useLingui();
  return (
    <Alert color="red" title={title ?? t`This could not be loaded`} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{describeError(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

export function LinesSkeleton({ lines = 5, label }: { lines?: number; label?: string }) {
  const { t } = useLingui();
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label ?? t`Loading`} role="progressbar">
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} height={28} radius="sm" />
      ))}
    </Stack>
  );
}

export function DetailSkeleton() {
  const { t } = useLingui();
  return (
    <Stack gap="md" aria-busy="true" aria-label={t`Loading`} role="progressbar">
      <Skeleton height={32} width="40%" />
      <Group>
        <Skeleton height={20} width={160} />
        <Skeleton height={20} width={220} />
      </Group>
      <Skeleton height={120} />
    </Stack>
  );
}
