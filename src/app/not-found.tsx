import { Button, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { Link } from '../components/link';

export function NotFound() {
  return (
    <Stack align="flex-start" gap="sm" py="xl">
      <Title order={1} size="h2">
        <Trans>Page not found</Trans>
      </Title>
      <Text c="dimmed">
        <Trans>There is nothing at this address. It may have moved, or the link is mistyped.</Trans>
      </Text>
      <Button component={Link} to="/lists" variant="light">
        <Trans>Go to lists</Trans>
      </Button>
    </Stack>
  );
}
