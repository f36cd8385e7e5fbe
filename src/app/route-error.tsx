import { Alert, Button, Center, Code, Group, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { describeError } from '../api/errors';
import { NotFound } from './not-found';

/** A chunk that no longer exists on the server: a new version was deployed meanwhile. */
const isStaleChunk = (err: unknown) =>
  err instanceof TypeError &&
  /dynamically imported module|Importing a module script failed/i.test(err.message);

/** What a screen shows when its code, loader or rendering failed; retry re-runs it. */
export function RouteError() {
  const { t } = useLingui();
  const error = useRouteError();
  const revalidator = useRevalidator();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const stale = isStaleChunk(error);
  return (
    <Alert
      color="red"
      title={stale ? t`Mailboard was updated` : t`This screen failed`}
      role="alert"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {stale
            ? t`A newer version is available. Reload to continue.`
            : isRouteErrorResponse(error)
              ? `${error.status} ${error.statusText}`
              : describeError(error)}
        </Text>
        {import.meta.env.DEV && error instanceof Error && <Code block>{error.stack}</Code>}
        <Group>
          <Button
            size="xs"
            onClick={() => (stale ? window.location.reload() : void revalidator.revalidate())}
            loading={revalidator.state === 'loading'}
          >
            {stale ? t`Reload` : t`Try again`}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** Last resort outside the shell. */
export function RootError() {
  return (
    <Center mih="100vh" p="md">
      <RouteError />
    </Center>
  );
}
