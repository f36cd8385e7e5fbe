import { Badge, Button, Code, Group, Modal, Pagination, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { WebhookAttempt } from '../../../api/webhooks';
import { describeError } from '../../../api/errors';
import { notify } from '../../../components/notify';
import { webhookQueries, useReplayAttempt } from '../queries';

const PAGE_SIZE = 25;

function Outcome({ attempt }: { attempt: WebhookAttempt }) {
  const ok =
    attempt.status_code !== null && attempt.status_code >= 200 && attempt.status_code < 300;
  return (
    <Badge color={ok ? 'green' : 'red'} variant="light">
      {attempt.status_code ?? 'no answer'}
    </Badge>
  );
}

/** The endpoint's recent attempts, newest first, with the payload and "Replay". */
export function AttemptsTable({ webhookId }: { webhookId: number }) {
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<WebhookAttempt | null>(null);
  const { data, error } = useQuery(webhookQueries.attempts(webhookId, page));
  const replay = useReplayAttempt();
  if (error) return <Text c="red">{describeError(error)}</Text>;
  if (data && data.count === 0)
    return <Text c="dimmed">No attempts yet. Send a test event to see one here.</Text>;
  return (
    <Stack>
      <Table.ScrollContainer minWidth={640}>
        <Table striped>
          <caption>Recent attempts</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Time</Table.Th>
              <Table.Th>Event</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Duration</Table.Th>
              <Table.Th>Answer</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.results.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>{new Date(a.datetime).toLocaleString()}</Table.Td>
                <Table.Td>
                  <Text size="sm">{a.type}</Text>
                  <Text size="xs" c="dimmed">
                    {a.event_id}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Outcome attempt={a} />
                </Table.Td>
                <Table.Td>{a.duration_ms} ms</Table.Td>
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
                      aria-label={`Payload of attempt ${a.id}`}
                      onClick={() => setShown(a)}
                    >
                      Payload
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Replay attempt ${a.id}`}
                      loading={replay.isPending && replay.variables?.attemptId === a.id}
                      onClick={() =>
                        replay.mutate(
                          { id: webhookId, attemptId: a.id },
                          {
                            onSuccess: () =>
                              notify({ message: `Event ${a.event_id} queued again.` }),
                            onError: (err) => notify({ color: 'red', message: describeError(err) }),
                          },
                        )
                      }
                    >
                      Replay
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {data && data.count > PAGE_SIZE && (
        <Pagination
          total={Math.ceil(data.count / PAGE_SIZE)}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      )}
      <Modal opened={shown !== null} onClose={() => setShown(null)} title="Payload" size="lg">
        {shown && (
          <Stack>
            <Text size="sm">
              {shown.type} · {shown.event_id}
            </Text>
            <Code block aria-label="Payload JSON">
              {JSON.stringify(shown.payload, null, 2)}
            </Code>
            {(shown.error || shown.response) && (
              <>
                <Text size="sm" fw={500}>
                  Answer (first 1 KB)
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
