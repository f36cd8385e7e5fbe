import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Code, CopyButton, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { SendingSettings } from '../../../api/settings';
import { PlainTable } from '../../../components/plain-table';
import { EmptyState, ErrorState, LinesSkeleton } from '../../../components/states';
import { settingsQueries } from '../queries';
import { DomainChecks } from './domain-checks';

const PURPOSE = { dkim: msg`DKIM`, spf: msg`SPF (hint)`, dmarc: msg`DMARC` } as const;

/**
 * Sending setup: whether this deployment's sending is complete (relay, HTTPS links, DKIM,
 * bounce webhook, return path) and the DNS records to publish for receivers to trust it.
 * Read-only: the configuration lives in the server's environment.
 */
export function SendingSettingsView() {
  const { t } = useLingui();
  const query = useQuery(settingsQueries.sending());
  if (query.isPending) return <LinesSkeleton label={t`Loading the sending setup`} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data.supported) {
    return (
      <EmptyState title={t`Not available on this server`}>
        <Trans>The server this dashboard talks to does not report its sending setup.</Trans>
      </EmptyState>
    );
  }
  return <Settings settings={query.data.data} />;
}

function Settings({ settings }: { settings: SendingSettings }) {
  const { t, i18n } = useLingui();
  return (
    <Stack gap="lg">
      {settings.complete ? (
        <Alert color="green" title={t`Sending is set up`}>
          <Trans>Every required part of the sending configuration is in place.</Trans>
        </Alert>
      ) : (
        <Alert color="yellow" title={t`Sending is not fully set up`}>
          <Trans>
            Receivers may refuse or junk these messages until the parts marked “Missing” are set
            (server environment, README “Configuration”).
          </Trans>
        </Alert>
      )}
      <section aria-labelledby="sending-checks">
        <Title order={2} size="h4" id="sending-checks" mb="xs">
          <Trans>Configuration</Trans>
        </Title>
        <PlainTable aria-labelledby="sending-checks" minWidth={520}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Part</Trans>
              </th>
              <th scope="col">
                <Trans>State</Trans>
              </th>
              <th scope="col">
                <Trans>Details</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {settings.checks.map((c) => (
              <tr key={c.key}>
                <th scope="row">{c.label}</th>
                <td>
                  <Badge color={c.ok ? 'green' : c.required ? 'red' : 'gray'} variant="light">
                    {c.ok ? t`Set` : c.required ? t`Missing` : t`Optional`}
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
          <Trans>DNS records to publish</Trans>
        </Title>
        {settings.dns_records.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>Set DKIM_DOMAIN (or create a list with a sender address) to see them.</Trans>
          </Text>
        ) : (
          <Stack gap="md">
            {settings.dns_records.map(({ purpose: key, type, name, value, note }) => {
              const purpose = i18n._(PURPOSE[key]);
              return (
                <Stack key={key} gap={4} aria-label={t`${purpose} record`} role="group">
                  <Group gap="xs">
                    <Text fw={600}>{purpose}</Text>
                    <Text size="sm" c="dimmed">
                      <Trans>
                        {type} record at <Code>{name}</Code>
                      </Trans>
                    </Text>
                  </Group>
                  <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                    {value}
                  </Code>
                  <Group gap="xs">
                    <CopyButton value={value}>
                      {({ copied, copy }) => (
                        <Button size="xs" variant="light" onClick={copy}>
                          {copied ? t`Copied` : t`Copy the ${purpose} value`}
                        </Button>
                      )}
                    </CopyButton>
                    {note && (
                      <Text size="xs" c="dimmed">
                        {note}
                      </Text>
                    )}
                  </Group>
                </Stack>
              );
            })}
          </Stack>
        )}
      </section>
      {settings.from_domains.length > 0 && (
        <section aria-labelledby="from-domains">
          <Title order={2} size="h4" id="from-domains" mb="xs">
            <Trans>Sender domains of your lists</Trans>
          </Title>
          <Stack gap={4}>
            {settings.from_domains.map((d) => (
              <Text key={d.domain} size="sm">
                <Code>{d.domain}</Code>{' '}
                {d.aligned
                  ? t`— signed by DKIM (DMARC aligned)`
                  : t`— not covered by the DKIM domain: DMARC checks may fail for this list`}
              </Text>
            ))}
          </Stack>
        </section>
      )}
      <DomainChecks />
    </Stack>
  );
}
