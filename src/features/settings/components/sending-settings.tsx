import { Alert, Badge, Code, CopyButton, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { SendingSettings } from '../../../api/settings';
import { PlainTable } from '../../../components/plain-table';
import { EmptyState, ErrorState, LinesSkeleton } from '../../../components/states';
import { settingsQueries } from '../queries';
import { DomainChecks } from './domain-checks';

const PURPOSE = { dkim: 'DKIM', spf: 'SPF (hint)', dmarc: 'DMARC' } as const;

/**
 * Sending setup: whether this deployment's sending is complete (relay, HTTPS links, DKIM,
 * bounce webhook, return path) and the DNS records to publish for receivers to trust it.
 * Read-only: the configuration lives in the server's environment.
 */
export function SendingSettingsView() {
  const query = useQuery(settingsQueries.sending());
  if (query.isPending) return <LinesSkeleton label="Loading the sending setup" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data.supported) {
    return (
      <EmptyState title="Not available on this server">
        The server this dashboard talks to does not report its sending setup.
      </EmptyState>
    );
  }
  return <Settings settings={query.data.data} />;
}

function Settings({ settings }: { settings: SendingSettings }) {
  return (
    <Stack gap="lg">
      {settings.complete ? (
        <Alert color="green" title="Sending is set up">
          Every required part of the sending configuration is in place.
        </Alert>
      ) : (
        <Alert color="yellow" title="Sending is not fully set up">
          Receivers may refuse or junk these messages until the parts marked “Missing” are set
          (server environment, README “Configuration”).
        </Alert>
      )}
      <section aria-labelledby="sending-checks">
        <Title order={2} size="h4" id="sending-checks" mb="xs">
          Configuration
        </Title>
        <PlainTable aria-labelledby="sending-checks" minWidth={520}>
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col">State</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {settings.checks.map((c) => (
              <tr key={c.key}>
                <th scope="row">{c.label}</th>
                <td>
                  <Badge color={c.ok ? 'green' : c.required ? 'red' : 'gray'} variant="light">
                    {c.ok ? 'Set' : c.required ? 'Missing' : 'Optional'}
                  </Badge>
                </td>
                <td>
                  <Text size="sm">{c.detail}</Text>
                </td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
      </section>
      <section aria-labelledby="dns-records">
        <Title order={2} size="h4" id="dns-records" mb="xs">
          DNS records to publish
        </Title>
        {settings.dns_records.length === 0 ? (
          <Text size="sm" c="dimmed">
            Set DKIM_DOMAIN (or create a list with a sender address) to see them.
          </Text>
        ) : (
          <Stack gap="md">
            {settings.dns_records.map((r) => (
              <Stack
                key={r.purpose}
                gap={4}
                aria-label={`${PURPOSE[r.purpose]} record`}
                role="group"
              >
                <Group gap="xs">
                  <Text fw={600}>{PURPOSE[r.purpose]}</Text>
                  <Text size="sm" c="dimmed">
                    {r.type} record at <Code>{r.name}</Code>
                  </Text>
                </Group>
                <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                  {r.value}
                </Code>
                <Group gap="xs">
                  <CopyButton value={r.value}>
                    {({ copied, copy }) => (
                      <Button size="xs" variant="light" onClick={copy}>
                        {copied ? 'Copied' : `Copy the ${PURPOSE[r.purpose]} value`}
                      </Button>
                    )}
                  </CopyButton>
                  {r.note && (
                    <Text size="xs" c="dimmed">
                      {r.note}
                    </Text>
                  )}
                </Group>
              </Stack>
            ))}
          </Stack>
        )}
      </section>
      {settings.from_domains.length > 0 && (
        <section aria-labelledby="from-domains">
          <Title order={2} size="h4" id="from-domains" mb="xs">
            Sender domains of your lists
          </Title>
          <Stack gap={4}>
            {settings.from_domains.map((d) => (
              <Text key={d.domain} size="sm">
                <Code>{d.domain}</Code>{' '}
                {d.aligned
                  ? '— signed by DKIM (DMARC aligned)'
                  : '— not covered by the DKIM domain: DMARC checks may fail for this list'}
              </Text>
            ))}
          </Stack>
        </section>
      )}
      <DomainChecks />
    </Stack>
  );
}
