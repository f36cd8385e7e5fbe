import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Stack, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PlainTable } from '../../../components/plain-table';
import { notifyError, notifySuccess } from '../../../components/notify';
import { ErrorState, LinesSkeleton } from '../../../components/states';
import { formatDateTime } from '../../../lib/format';
import { securityQueries, useEndSession } from '../queries';

/** The signed-in user's sessions, each with a way to end it (issue 29 part 6). */
export function SessionsPanel() {
  const { t } = useLingui();
  const query = useQuery(securityQueries.sessions());
  const end = useEndSession();
  if (query.isPending) return <LinesSkeleton label={t`Loading sessions`} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data.supported) return null;
  return (
    <Stack component="section" aria-labelledby="sessions-title" gap="sm">
      <Title order={2} size="h3" id="sessions-title">
        <Trans>Active sessions</Trans>
      </Title>
      <PlainTable aria-labelledby="sessions-title" minWidth={520}>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Device</Trans>
            </th>
            <th scope="col">
              <Trans>Address</Trans>
            </th>
            <th scope="col">
              <Trans>Last used</Trans>
            </th>
            <th scope="col">
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {query.data.data.map(({ id, device, address, current, last_used_datetime }) => (
            <tr key={id}>
              <td>
                {device}{' '}
                {current && (
                  <Badge size="sm" variant="light">
                    <Trans>This browser</Trans>
                  </Badge>
                )}
              </td>
              <td>{address}</td>
              <td>{formatDateTime(last_used_datetime)}</td>
              <td>
                {!current && (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    aria-label={t`Sign out ${device} at ${address}`}
                    loading={end.isPending && end.variables === id}
                    onClick={() =>
                      end.mutate(id, {
                        onSuccess: () => notifySuccess(t`That session has ended.`),
                        onError: (err) => notifyError(err),
                      })
                    }
                  >
                    <Trans>Sign out</Trans>
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
