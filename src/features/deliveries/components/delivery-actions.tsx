import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import type { DeliveryAction, DeliveryState } from '../../../api/deliveries';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifyError, notifySuccess } from '../../../components/notify';
import { availableActions } from '../delivery-rules';
import { useDeliveryAction } from '../mutations';
import { formatCount } from '../../../lib/format';

const done: Record<DeliveryAction, string> = {
  pause: 'Delivery paused.',
  resume: 'Delivery resumed.',
  cancel: 'Delivery cancelled.',
  retry: 'The failed recipients are queued again.',
};

const failed: Record<DeliveryAction, string> = {
  pause: 'Could not pause the delivery',
  resume: 'Could not resume the delivery',
  cancel: 'Could not cancel the delivery',
  retry: 'Could not retry the failed recipients',
};

/** The buttons that apply to the delivery now; cancelling asks first (it cannot be undone). */
export function DeliveryActions({
  delivery,
  mailingId,
}: {
  delivery: DeliveryState;
  mailingId: number;
}) {
  const mutation = useDeliveryAction(mailingId);
  const [confirming, setConfirming] = useState(false);
  const actions = availableActions(delivery);
  if (actions.length === 0) return null;

  const run = (action: DeliveryAction) =>
    mutation.mutate(
      { id: delivery.id, action },
      {
        onSuccess: () => notifySuccess(done[action]),
        onError: (err) => notifyError(err, failed[action]),
        onSettled: () => setConfirming(false),
      },
    );
  const busy = (action: DeliveryAction) =>
    mutation.isPending && mutation.variables.action === action;

  return (
    <Group gap="xs">
      {actions.includes('pause') && (
        <Button size="xs" variant="default" loading={busy('pause')} onClick={() => run('pause')}>
          Pause
        </Button>
      )}
      {actions.includes('resume') && (
        <Button size="xs" variant="default" loading={busy('resume')} onClick={() => run('resume')}>
          Resume
        </Button>
      )}
      {actions.includes('retry') && (
        <Button size="xs" variant="default" loading={busy('retry')} onClick={() => run('retry')}>
          Retry failed ({formatCount(delivery.progress.failed)})
        </Button>
      )}
      {actions.includes('cancel') && (
        <Button size="xs" color="red" variant="light" onClick={() => setConfirming(true)}>
          Cancel delivery
        </Button>
      )}
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => run('cancel')}
        title="Cancel this delivery?"
        confirmLabel="Cancel delivery"
        loading={busy('cancel')}
      >
        Recipients who have not been sent the mailing yet will not get it. This cannot be undone.
      </ConfirmDialog>
    </Group>
  );
}
