import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createAutomation,
  deleteAutomation,
  getAutomation,
  getAutomationRuns,
  getAutomations,
  setAutomationState,
  updateAutomation,
  type AutomationWrite,
  type RunState,
} from '../../api/automations';
import { getMailings } from '../../api/mailings';
import { getAllSegments } from '../../api/segments';

/** Query keys and options of automations (docs/architecture.md §3.1). */
export const automationQueries = {
  all: () => ['automations'] as const,
  ofList: (listId: number) =>
    queryOptions({
      queryKey: [...automationQueries.all(), 'list', listId] as const,
      queryFn: ({ signal }) => getAutomations(listId, signal),
    }),
  /** Per-step counts move while runs advance: refetched every few seconds. */
  detail: (listId: number, id: number) =>
    queryOptions({
      queryKey: [...automationQueries.all(), 'detail', listId, id] as const,
      queryFn: ({ signal }) => getAutomation(listId, id, signal),
      refetchInterval: 10_000,
    }),
  runs: (listId: number, id: number, page: number, state?: RunState) =>
    queryOptions({
      queryKey: [...automationQueries.all(), 'runs', listId, id, page, state] as const,
      queryFn: ({ signal }) => getAutomationRuns(listId, id, { page, state }, signal),
      placeholderData: keepPreviousData,
    }),
  /** What send steps may name: the list's mailings (first 1,000). */
  mailings: (listId: number) =>
    queryOptions({
      queryKey: [...automationQueries.all(), 'mailings', listId] as const,
      queryFn: ({ signal }) => getMailings({ list: listId, page_size: 1000 }, signal),
    }),
  /** What triggers and conditions may name: the list's segments. */
  segments: (listId: number) =>
    queryOptions({
      queryKey: [...automationQueries.all(), 'segments', listId] as const,
      queryFn: ({ signal }) => getAllSegments(listId, signal),
    }),
};

function useInvalidating<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: automationQueries.all() }),
  });
}

export const useCreateAutomation = (listId: number) =>
  useInvalidating((body: AutomationWrite) => createAutomation(listId, body));
export const useUpdateAutomation = (listId: number) =>
  useInvalidating(({ id, body }: { id: number; body: Partial<AutomationWrite> }) =>
    updateAutomation(listId, id, body),
  );
export const useDeleteAutomation = (listId: number) =>
  useInvalidating((id: number) => deleteAutomation(listId, id));
export const useSetAutomationState = (listId: number) =>
  useInvalidating(({ id, action }: { id: number; action: 'activate' | 'pause' }) =>
    setAutomationState(listId, id, action),
  );
