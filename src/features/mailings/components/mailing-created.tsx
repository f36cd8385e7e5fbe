import { Alert, Button, Group, Stack } from '@mantine/core';
import { Link } from 'react-router';
import type { Mailing } from '../../../api/mailings';
import { MailingView } from './mailing-view';

/** The 201 body, as the service stored it: the layouts' HTML with the service's image URLs. */
export function MailingCreated({
  mailing,
  onAnother,
}: {
  mailing: Mailing;
  onAnother: () => void;
}) {
  return (
    <Stack gap="lg">
      <Alert color="teal" title={`Mailing “${mailing.name}” created`} role="status">
        This is what the service stored. Images are now served by the service.
        <Group mt="sm">
          <Button component={Link} to={`/mailings/${mailing.id}`} size="xs" variant="light">
            Open the mailing
          </Button>
          <Button component={Link} to="/mailings" size="xs" variant="default">
            All mailings
          </Button>
          <Button size="xs" variant="default" onClick={onAnother}>
            Compose another
          </Button>
        </Group>
      </Alert>
      <MailingView mailing={mailing} />
    </Stack>
  );
}
