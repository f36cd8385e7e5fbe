import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  changeDelivery,
  sendTestMessage,
  type DeliveryAction,
  type DeliveryState,
  type TestSendWrite,
} from '../../api/deliveries';
import type { Extension } from '../../api/client';
import { deliveryQueries } from './queries';

/** Pause, resume, cancel or retry the failed ones; the answer replaces the shown delivery. */
export function useDeliveryAction(mailingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: DeliveryAction }) =>
      changeDelivery(id, action),
    onSuccess: (delivery) => {
      queryClient.setQueryData<Extension<DeliveryState[]>>(
        deliveryQueries.forMailing(mailingId).queryKey,
        (old) =>
          old?.supported
            ? { supported: true, data: old.data.map((d) => (d.id === delivery.id ? delivery : d)) }
            : old,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: deliveryQueries.forMailing(mailingId).queryKey }),
        queryClient.invalidateQueries({ queryKey: deliveryQueries.recipientPages(delivery.id) }),
      ]);
    },
  });
}

export function useSendTest(mailingId: number) {
  return useMutation({ mutationFn: (body: TestSendWrite) => sendTestMessage(mailingId, body) });
}
