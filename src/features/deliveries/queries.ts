import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  getDeliveryRates,
  getDeliveryRecipients,
  getMailingDeliveries,
  type RecipientState,
} from '../../api/deliveries';
import { LIVE_REFRESH_MS, refreshInterval } from './delivery-rules';

/** Query keys and options of deliveries (docs/architecture.md §3.1): never hand-write a key elsewhere. */
export const deliveryQueries = {
  all: () => ['deliveries'] as const,
  mailings: () => [...deliveryQueries.all(), 'mailing'] as const,
  /**
   * A mailing's deliveries; polled while any of them is scheduled or running (often once it
   * is due), so progress shows live. `{supported: false}` on servers without the extension.
   */
  forMailing: (mailingId: number) =>
    queryOptions({
      queryKey: [...deliveryQueries.mailings(), mailingId] as const,
      queryFn: ({ signal }) => getMailingDeliveries(mailingId, signal),
      staleTime: 0,
      refetchInterval: (query) => {
        const data = query.state.data;
        return data?.supported ? refreshInterval(data.data) : false;
      },
    }),
  /** Complaint and bounce rates of one delivery, polled while it is live. */
  rates: (deliveryId: number, live: boolean) =>
    queryOptions({
      queryKey: [...deliveryQueries.all(), 'rates', deliveryId] as const,
      queryFn: ({ signal }) => getDeliveryRates(deliveryId, signal),
      staleTime: 0,
      refetchInterval: live ? LIVE_REFRESH_MS : false,
    }),
  recipientPages: (deliveryId: number) =>
    [...deliveryQueries.all(), 'recipients', deliveryId] as const,
  /** One page of a delivery's recipients in one state; polled while the delivery is live. */
  recipients: (deliveryId: number, state: RecipientState, page: number, live: boolean) =>
    queryOptions({
      queryKey: [...deliveryQueries.recipientPages(deliveryId), state, page] as const,
      queryFn: ({ signal }) => getDeliveryRecipients(deliveryId, { state, page }, signal),
      placeholderData: keepPreviousData,
      staleTime: 0,
      refetchInterval: live ? LIVE_REFRESH_MS : false,
    }),
};
