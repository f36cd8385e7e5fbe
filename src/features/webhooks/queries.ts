import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createWebhook,
  deleteWebhook,
  getWebhookAttempts,
  getWebhooks,
  replayAttempt,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
  type WebhookWrite,
} from '../../api/webhooks';

/** Query keys and options of webhooks (docs/architecture.md §3.1). */
export const webhookQueries = {
  all: () => ['webhooks'] as const,
  list: () =>
    queryOptions({
      queryKey: [...webhookQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => getWebhooks(signal),
    }),
  /** Attempts arrive while the screen is open: refetched every few seconds. */
  attempts: (id: number, page: number) =>
    queryOptions({
      queryKey: [...webhookQueries.all(), 'attempts', id, page] as const,
      queryFn: ({ signal }) => getWebhookAttempts(id, page, signal),
      placeholderData: keepPreviousData,
      staleTime: 0,
      refetchInterval: 5000,
    }),
};

function useInvalidating<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: webhookQueries.all() }),
  });
}

export const useCreateWebhook = () => useInvalidating((body: WebhookWrite) => createWebhook(body));
export const useUpdateWebhook = () =>
  useInvalidating(({ id, body }: { id: number; body: Partial<WebhookWrite> }) =>
    updateWebhook(id, body),
  );
export const useDeleteWebhook = () => useInvalidating((id: number) => deleteWebhook(id));
export const useRotateSecret = () => useInvalidating((id: number) => rotateWebhookSecret(id));
export const useSendTestEvent = () => useInvalidating((id: number) => sendTestEvent(id));
export const useReplayAttempt = () =>
  useInvalidating(({ id, attemptId }: { id: number; attemptId: number }) =>
    replayAttempt(id, attemptId),
  );
