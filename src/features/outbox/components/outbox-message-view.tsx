import { formatDateTime } from '../../../lib/format';
import { Trans, useLingui } from '@lingui/react/macro';
import { Breadcrumbs } from '../../../components/breadcrumbs';
import { Alert, Anchor, Code, Stack, Table, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/link';
import { isApiError } from '../../../api/errors';
import type { OutboxMessage } from '../../../api/outbox';
import { PageHeader } from '../../../components/page-header';
import { SandboxedFrame } from '../../../components/sandboxed-frame';
import { DetailSkeleton, ErrorState } from '../../../components/states';
import { sandboxedDocument } from '../../../lib/sandboxed-html';
import { outboxQueries } from '../queries';

/** Header names are case-insensitive; the message keeps whatever case the mailer wrote. */
const header = (m: OutboxMessage, name: string) =>
  Object.entries(m.headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];

/**
 * Images the recipient's client would load, we load only from the service's own /media (the
 * layout images) and data: URLs: not the open pixel (/t/o/…, looking must not count as an
 * open) nor anything from the web.
 */
const imageSources = () => ['data:', `${window.location.origin}/media/`];

/** One kept message as its recipient would see it: the headers, the HTML part, the text. */
export function OutboxMessageView({ messageId }: { messageId: number }) {
  const { t } = useLingui();
  const { data, isPending, error, refetch } = useQuery(outboxQueries.message(messageId));
  const above = <Breadcrumbs items={[{ label: t`Outbox`, to: '/outbox' }]} />;
  if (isPending) return <DetailSkeleton />;
  if (error) {
    return (
      <>
        <PageHeader title={t`Message ${messageId}`} above={above} />
        {isApiError(error, 404) ? (
          <Alert color="yellow" title={t`Message not found`} role="alert">
            <Trans>
              The outbox keeps a limited number of messages, and this one is not (or no longer)
              among them.
            </Trans>{' '}
            <Anchor component={Link} to="/outbox">
              <Trans>Back to the outbox</Trans>
            </Anchor>
          </Alert>
        ) : (
          <ErrorState error={error} onRetry={() => void refetch()} />
        )}
      </>
    );
  }
  return (
    <>
      <PageHeader title={data.subject || t`(no subject)`} above={above} />
      <MessageBody message={data} />
    </>
  );
}

function MessageBody({ message }: { message: OutboxMessage }) {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const subject = message.subject;
  const part = params.get('part') === 'text' || !message.html ? 'text' : 'html';
  const rows: [string, string | undefined][] = [
    [t`From`, message.from],
    [t`To`, message.to],
    [t`Subject`, message.subject],
    [t`Date`, header(message, 'Date') ?? formatDateTime(message.create_datetime)],
    ['Message-ID', header(message, 'Message-ID')],
    ['List-Unsubscribe', header(message, 'List-Unsubscribe')],
    ['List-Unsubscribe-Post', header(message, 'List-Unsubscribe-Post')],
    ['Content-Language', header(message, 'Content-Language')],
  ];
  return (
    <Stack gap="md">
      {message.redacted && (
        <Alert color="blue" title={t`Links hidden`} role="status">
          <Trans>
            This is Mailboard’s own mail to a user. Its links would let anyone act as that user, so
            their secret part reads [redacted] here: only the recipient’s copy works.
          </Trans>
        </Alert>
      )}
      <div style={{ overflowX: 'auto' }}>
        <Table withTableBorder variant="vertical" aria-label={t`Headers`} miw={360}>
          <Table.Tbody>
            {rows.map(([name, value]) =>
              value === undefined ? null : (
                <Table.Tr key={name}>
                  <Table.Th scope="row" w={150}>
                    {name}
                  </Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
                </Table.Tr>
              ),
            )}
          </Table.Tbody>
        </Table>
      </div>
      <Tabs
        value={part}
        onChange={(value) =>
          setParams(
            (p) => {
              const next = new URLSearchParams(p);
              if (value === 'text') next.set('part', 'text');
              else next.delete('part');
              return next;
            },
            { replace: true },
          )
        }
      >
        <Tabs.List aria-label={t`Part of the message`}>
          <Tabs.Tab value="html" disabled={!message.html}>
            <Trans>HTML</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="text">
            <Trans>Plain text</Trans>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="html" pt="sm">
          {message.html && (
            <SandboxedFrame
              title={t`HTML of “${subject}”`}
              document={sandboxedDocument(message.html, imageSources())}
              linksOpen
              style={{ width: '100%', height: 640 }}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="sm">
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.text || t`(no plain-text part)`}
          </Code>
        </Tabs.Panel>
      </Tabs>
      <Text size="xs" c="dimmed">
        <Trans>
          Links open in a new tab and count as clicks, as the recipient's would. Scripts never run
          here, and images load only from this service, so viewing does not count as an open.
        </Trans>
      </Text>
    </Stack>
  );
}
