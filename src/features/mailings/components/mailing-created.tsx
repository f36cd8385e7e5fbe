import { Alert, Button, Group, Stack } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '../../../components/link';
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
  const { t } = useLingui();
  const name = mailing.name;
  return (
    <Stack gap="lg">
      <Alert color="teal" title={t`Mailing “${name}” created`} role="status">
        <Trans>This is what the service stored. Images are now served by the service.</Trans>
        <Group mt="sm">
          <Button component={Link} to={`/mailings/${mailing.id}`} size="xs" variant="light">
            <Trans>Open the mailing</Trans>
          </Button>
          <Button component={Link} to="/mailings" size="xs" variant="default">
            <Trans>All mailings</Trans>
          </Button>
          <Button size="xs" variant="default" onClick={onAnother}>
            <Trans>Compose another</Trans>
          </Button>
        </Group>
      </Alert>
      <MailingView mailing={mailing} />
    </Stack>
  );
}
