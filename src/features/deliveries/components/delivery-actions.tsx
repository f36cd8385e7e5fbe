import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DeliveryAction, DeliveryState } from '../../../api/deliveries';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifyError, notifySuccess } from '../../../components/notify';
import { availableActions } from '../delivery-rules';
import { useDeliveryAction } from '../mutations';
import { formatCount } from '../../../lib/format';

const done: Record<DeliveryAction, MessageDescriptor> = {
  pause: msg`Delivery paused.`,
  resume: msg`Delivery resumed.`,
  cancel: msg`Delivery cancelled.`,
  retry: msg`The failed recipients are queued again.`,
};

const failed: Record<DeliveryAction, MessageDescriptor> = {
  pause: msg`Could not pause the delivery`,
  resume: msg`Could not resume the delivery`,
  cancel: msg`Could not cancel the delivery`,
  retry: msg`Could not retry the failed recipients`,
};

/** The buttons that apply to the delivery now; cancelling asks first (it cannot be undone). */
export function DeliveryActions({
  delivery,
  mailingId,
}: {
  delivery: DeliveryState;
  mailingId: number;
}) {
  const { t, i18n } = useLingui();
  const mutation = useDeliveryAction(mailingId);
  const failedCount = formatCount(delivery.progress.failed);
  const [confirming, setConfirming] = useState(false);
  const actions = availableActions(delivery);
  if (actions.length === 0) return null;

  const run = (action: DeliveryAction) =>
    mutation.mutate(
      { id: delivery.id, action },
      {
        onSuccess: () => notifySuccess(i18n._(done[action])),
        onError: (err) => notifyError(err, i18n._(failed[action])),
        onSettled: () => setConfirming(false),
      },
    );
  const busy = (action: DeliveryAction) =>
    mutation.isPending && mutation.variables.action === action;

  return (
    <Group gap="xs">
      {actions.includes('pause') && (
        <Button size="xs" variant="default" loading={busy('pause')} onClick={() => run('pause')}>
          <Trans>Pause</Trans>
        </Button>
      )}
      {actions.includes('resume') && (
        <Button size="xs" variant="default" loading={busy('resume')} onClick={() => run('resume')}>
          <Trans>Resume</Trans>
        </Button>
      )}
      {actions.includes('retry') && (
        <Button size="xs" variant="default" loading={busy('retry')} onClick={() => run('retry')}>
          <Trans>Retry failed ({failedCount})</Trans>
        </Button>
      )}
      {actions.includes('cancel') && (
        <Button size="xs" color="red" variant="light" onClick={() => setConfirming(true)}>
          <Trans>Cancel delivery</Trans>
        </Button>
      )}
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => run('cancel')}
        title={t`Cancel this delivery?`}
        confirmLabel={t`Cancel delivery`}
        loading={busy('cancel')}
      >
        <Trans>
          Recipients who have not been sent the mailing yet will not get it. This cannot be undone.
        </Trans>
      </ConfirmDialog>
    </Group>
  );
}
