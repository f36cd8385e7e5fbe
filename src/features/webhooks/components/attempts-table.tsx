import { formatCount, formatDateTime } from '../../../lib/format';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Code, Group, Modal, Pagination, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { WebhookAttempt } from '../../../api/webhooks';
import { describeError } from '../../../api/errors';
import { notify } from '../../../components/notify';
import { webhookQueries, useReplayAttempt } from '../queries';

const PAGE_SIZE = 25;

function Outcome({ attempt }: { attempt: WebhookAttempt }) {
  const { t } = useLingui();
  const ok =
    attempt.status_code !== null && attempt.status_code >= 200 && attempt.status_code < 300;
  return (
    <Badge color={ok ? 'green' : 'red'} variant="light">
      {attempt.status_code ?? t`no answer`}
    </Badge>
  );
}

/** The endpoint's recent attempts, newest first, with the payload and "Replay". */
export function AttemptsTable({ webhookId }: { webhookId: number }) {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<WebhookAttempt | null>(null);
  const { data, error } = useQuery(webhookQueries.attempts(webhookId, page));
  const replay = useReplayAttempt();
  if (error) return <Text c="red">{describeError(error)}</Text>;
  if (data && data.count === 0)
    return (
      <Text c="dimmed">
        <Trans>No attempts yet. Send a test event to see one here.</Trans>
      </Text>
    );
  return (
    <Stack>
      <Table.ScrollContainer minWidth={640}>
        <Table striped>
          <caption>
            <Trans>Recent attempts</Trans>
          </caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Time</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Event</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Status</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Duration</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Answer</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Actions</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.results.map((a) => {
              const id = a.id;
              const event = a.event_id;
              const duration = formatCount(a.duration_ms);
              return (
                <Table.Tr key={a.id}>
                  <Table.Td>{formatDateTime(a.datetime)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{a.type}</Text>
                    <Text size="xs" c="dimmed">
                      {a.event_id}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Outcome attempt={a} />
                  </Table.Td>
                  <Table.Td>{t`${duration} ms`}</Table.Td>
                  <Table.Td maw={260}>
                    <Text size="xs" lineClamp={2}>
                      {a.error || a.response}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t`Payload of attempt ${id}`}
                        onClick={() => setShown(a)}
                      >
                        <Trans>Payload</Trans>
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t`Replay attempt ${id}`}
                        loading={replay.isPending && replay.variables?.attemptId === a.id}
                        onClick={() =>
                          replay.mutate(
                            { id: webhookId, attemptId: a.id },
                            {
                              onSuccess: () => notify({ message: t`Event ${event} queued again.` }),
                              onError: (err) =>
                                notify({ color: 'red', message: describeError(err) }),
                            },
                          )
                        }
                      >
                        <Trans>Replay</Trans>
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {data && data.count > PAGE_SIZE && (
        <Pagination
          total={Math.ceil(data.count / PAGE_SIZE)}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({
            'aria-label':
              control === 'previous'
                ? t`Previous page`
                : control === 'next'
                  ? t`Next page`
                  : control === 'first'
                    ? t`First page`
                    : t`Last page`,
          })}
        />
      )}
      <Modal opened={shown !== null} onClose={() => setShown(null)} title={t`Payload`} size="lg">
        {shown && (
          <Stack>
            <Text size="sm">
              {shown.type} · {shown.event_id}
            </Text>
            <Code block aria-label={t`Payload JSON`}>
              {JSON.stringify(shown.payload, null, 2)}
            </Code>
            {(shown.error || shown.response) && (
              <>
                <Text size="sm" fw={500}>
                  <Trans>Answer (first 1 KB)</Trans>
                </Text>
                <Code block>{shown.error || shown.response}</Code>
              </>
            )}
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
