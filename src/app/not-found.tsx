import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFound() {
  return (
    <Stack align="flex-start" gap="sm" py="xl">
      <Title order={1} size="h2">
        Page not found
      </Title>
      <Text c="dimmed">
        There is nothing at this address. It may have moved, or the link is mistyped.
      </Text>
      <Button component={Link} to="/lists" variant="light">
        Go to lists
      </Button>
    </Stack>
  );
}
