import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DomainCheck } from '../../../../contract/settings';
import { ErrorState, LinesSkeleton } from '../../../components/states';
import { settingsQueries } from '../queries';

const KINDS = [
  ['spf', 'SPF'],
  ['dkim', 'DKIM'],
  ['dmarc', 'DMARC'],
] as const;

/**
 * Per sender domain: the SPF, DKIM and DMARC records to publish, what DNS answers today and
 * whether mail From that domain is aligned (issue 52). Hidden where the API lacks the check.
 */
export function DomainChecks() {
  const { data, error, isPending, refetch } = useQuery(settingsQueries.domains());
  if (data && !data.supported) return null;
  return (
    <section aria-labelledby="domain-checks">
      <Title order={2} size="h4" id="domain-checks" mb="xs">
        <Trans>What DNS answers for your sender domains</Trans>
      </Title>
      {isPending && <LinesSkeleton lines={3} />}
      {error && !data && <ErrorState error={error} onRetry={() => void refetch()} />}
      {data?.supported && data.data.domains.length === 0 && (
        <Text size="sm" c="dimmed">
          <Trans>No list or mailing has a sender address yet.</Trans>
        </Text>
      )}
      <Stack gap="sm">
        {data?.supported && data.data.domains.map((d) => <DomainCard key={d.domain} check={d} />)}
      </Stack>
    </section>
  );
}

function DomainCard({ check }: { check: DomainCheck }) {
  const { t } = useLingui();
  const domain = check.domain;
  return (
    <Card withBorder component="section" aria-label={t`Domain ${domain}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Code>{check.domain}</Code>
          <Badge color={check.aligned ? 'green' : 'red'} variant="light">
            {check.aligned ? t`Aligned: yes` : t`Aligned: no`}
          </Badge>
        </Group>
        <Text size="sm">{check.reason}</Text>
        {KINDS.map(([key, label]) => {
          const r = check[key];
          const expected = r.expected;
          const found = r.found.join(' | ');
          return (
            <Stack key={key} gap={2}>
              <Text size="sm" fw={500}>
                {label} {r.ok ? '✓' : '✗'} <Code>{r.name}</Code>
              </Text>
              <Text size="xs">{r.reason}</Text>
              {r.expected && (
                <Text size="xs" style={{ wordBreak: 'break-all' }}>
                  <Trans>
                    To publish: <Code>{expected}</Code>
                  </Trans>
                </Text>
              )}
              <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                {found ? t`DNS answers: ${found}` : t`DNS answers: nothing`}
              </Text>
            </Stack>
          );
        })}
      </Stack>
    </Card>
  );
}
