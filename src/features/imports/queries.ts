import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isImportFinished, type ImportStatus } from '../../../contract/imports';
import {
  getImport,
  getImports,
  startImport,
  undoImport,
  type ImportParams,
  type UploadProgress,
} from '../../api/imports';
import type { PageParams } from '../../api/pagination';
import { getSubscriberFields, getSubscribers } from '../../api/subscribers';

/** While an import runs, its record is read again this often. */
export const IMPORT_POLL_MS = 1000;

/** Query keys and options of the import screens (docs/architecture.md §3.1): never hand-write a key. */
export const importQueries = {
  all: () => ['imports'] as const,
  /** OPTIONS of the list's subscribers: the fields a column can fill, custom ones included. */
  fields: (listId: number) =>
    queryOptions({
      queryKey: [...importQueries.all(), 'fields', listId] as const,
      queryFn: ({ signal }) => getSubscriberFields(listId, signal),
    }),
  histories: (listId: number) => [...importQueries.all(), 'history', listId] as const,
  history: (listId: number, query: PageParams) =>
    queryOptions({
      queryKey: [...importQueries.histories(listId), query] as const,
      queryFn: ({ signal }) => getImports(listId, query, signal),
      placeholderData: keepPreviousData,
      // While one of them runs, its counts change: read the page again.
      refetchInterval: (q) => {
        const data = q.state.data;
        return data?.supported &&
          data.data.results.some((r) => r.status && !isImportFinished(r.status))
          ? 2 * IMPORT_POLL_MS
          : false;
      },
    }),
  /**
   * The list's subscribers with the sample's addresses (one exact `email` filter each), for
   * the preview of what an update-mode import would change; keyed by lower-cased address.
   */
  existing: (listId: number, emails: readonly string[]) =>
    queryOptions({
      queryKey: [...importQueries.all(), 'existing', listId, emails] as const,
      queryFn: async ({ signal }) => {
        const pages = await Promise.all(
          emails.map((email) => getSubscribers(listId, { email, page_size: 1 }, signal)),
        );
        const found = pages.flatMap((p) => p.results);
        return new Map(found.map((s) => [s.email.toLowerCase(), s as Record<string, unknown>]));
      },
    }),
  /** One import's record, read again every second until it is done or failed. */
  detail: (listId: number, id: number) =>
    queryOptions({
      queryKey: [...importQueries.all(), 'detail', listId, id] as const,
      queryFn: ({ signal }) => getImport(listId, id, signal),
      refetchInterval: (query) => {
        const data = query.state.data;
        if (!data?.supported) return false;
        const undoing = data.data.undo && !isImportFinished(data.data.undo.status);
        return !isImportFinished(data.data.status) || undoing ? IMPORT_POLL_MS : false;
      },
      staleTime: 0,
    }),
};

export type StartImportInput = {
  listId: number;
  file: File;
  params: ImportParams;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, file, params, onProgress, signal }: StartImportInput) =>
      startImport(listId, file, file.name, params, { onProgress, signal }),
    onSuccess: (_, { listId }) =>
      queryClient.invalidateQueries({ queryKey: importQueries.histories(listId) }),
  });
}

/** Queues the undo of an import; its record (polled while the undo runs) shows the rest. */
export function useUndoImport(listId: number, importId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (removeMailed: boolean) =>
      undoImport(listId, importId, { remove_mailed: removeMailed }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: importQueries.detail(listId, importId).queryKey,
        }),
        queryClient.invalidateQueries({ queryKey: importQueries.histories(listId) }),
      ]),
  });
}

/**
 * Once an import has finished, every other screen's data may be stale (subscribers, the
 * lists' counts): those answers are refetched when next shown.
 */
export function useRefreshAfterImport(status: ImportStatus | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef(status);
  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (status && isImportFinished(status) && was !== status)
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== importQueries.all()[0],
      });
  }, [status, queryClient]);
}
