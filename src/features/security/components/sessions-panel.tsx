import { Badge, Button, Stack, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PlainTable } from '../../../components/plain-table';
import { notifyError, notifySuccess } from '../../../components/notify';
import { ErrorState, LinesSkeleton } from '../../../components/states';
import { formatDateTime } from '../../../lib/format';
import { securityQueries, useEndSession } from '../queries';

/** The signed-in user's sessions, each with a way to end it (issue 29 part 6). */
export function SessionsPanel() {
  const query = useQuery(securityQueries.sessions());
  const end = useEndSession();
  if (query.isPending) return <LinesSkeleton label="Loading sessions" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data.supported) return null;
  return (
    <Stack component="section" aria-labelledby="sessions-title" gap="sm">
      <Title order={2} size="h3" id="sessions-title">
        Active sessions
      </Title>
      <PlainTable aria-labelledby="sessions-title" minWidth={520}>
        <thead>
          <tr>
            <th scope="col">Device</th>
            <th scope="col">Address</th>
            <th scope="col">Last used</th>
            <th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {query.data.data.map((s) => (
            <tr key={s.id}>
              <td>
                {s.device}{' '}
                {s.current && (
                  <Badge size="sm" variant="light">
                    This browser
                  </Badge>
                )}
              </td>
              <td>{s.address}</td>
              <td>{formatDateTime(s.last_used_datetime)}</td>
              <td>
                {!s.current && (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    aria-label={`Sign out ${s.device} at ${s.address}`}
                    loading={end.isPending && end.variables === s.id}
                    onClick={() =>
                      end.mutate(s.id, {
                        onSuccess: () => notifySuccess('That session has ended.'),
                        onError: (err) => notifyError(err),
                      })
                    }
                  >
                    Sign out
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </PlainTable>
    </Stack>
  );
}
