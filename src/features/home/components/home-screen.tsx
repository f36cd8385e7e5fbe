import { Trans, useLingui } from '@lingui/react/macro';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Overview } from '../../../api/overview';
import { ErrorState, LinesSkeleton } from '../../../components/states';
import { homeQueries } from '../queries';
import { AudienceCard } from './audience-card';
import { RecentMailingsCard } from './recent-mailings-card';
import { RunningCard } from './running-card';
import { WarningsCard } from './warnings-card';

/**
 * The home's cards (GET /api/v1/overview): each shown only when the answer carries it, which
 * the server decides from the caller's role and lists. `growth` renders the audience's chart
 * (composed by the route: it belongs to the growth feature).
 */
export function HomeScreen({
  growth,
}: {
  growth?: (audience: NonNullable<Overview['audience']>) => ReactNode;
}) {
  const { t } = useLingui();
  const { data, error, refetch, isPending } = useQuery(homeQueries.overview());
  if (isPending) return <LinesSkeleton label={t`Loading the overview`} />;
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;
  if (!data.supported) {
    return (
      <Text c="dimmed">
        <Trans>
          This server does not offer an overview. Use the navigation to reach lists and mailings.
        </Trans>
      </Text>
    );
  }
  const { audience, mailings, running, warnings } = data.data;
  if (!audience && !mailings && !running && !warnings) {
    return (
      <Text c="dimmed">
        <Trans>Your role has no figures to show here; the navigation lists what it may use.</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="lg">
      {warnings && <WarningsCard warnings={warnings} />}
      <SimpleGrid cols={{ base: 1, lg: audience && running ? 2 : 1 }} spacing="lg">
        {audience && <AudienceCard audience={audience} growth={growth?.(audience)} />}
        {running && <RunningCard running={running} />}
      </SimpleGrid>
      {mailings && <RecentMailingsCard mailings={mailings} />}
    </Stack>
  );
}
