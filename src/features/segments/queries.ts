import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getFields } from '../../api/fields';
import {
  createSegment,
  getAllSegments,
  getSegment,
  previewSegment,
  updateSegment,
  type SegmentFilterInput,
  type SegmentWriteInput,
} from '../../api/segments';

export const PREVIEW_SIZE = 10;

/** Query keys and options of segments (DESIGN §3.1). */
export const segmentQueries = {
  all: () => ['segments'] as const,
  ofList: (listId: number) =>
    queryOptions({
      queryKey: [...segmentQueries.all(), 'list', listId] as const,
      queryFn: ({ signal }) => getAllSegments(listId, signal),
    }),
  detail: (listId: number, id: number) =>
    queryOptions({
      queryKey: [...segmentQueries.all(), 'detail', listId, id] as const,
      queryFn: ({ signal }) => getSegment(listId, id, signal),
    }),
  /** Count and first members of a filter being built; the last answer stays while typing. */
  preview: (listId: number, filter: SegmentFilterInput, page = 1, pageSize = PREVIEW_SIZE) =>
    queryOptions({
      queryKey: [...segmentQueries.all(), 'preview', listId, filter, page, pageSize] as const,
      queryFn: ({ signal }) =>
        previewSegment(listId, filter, { page, page_size: pageSize }, signal),
      placeholderData: keepPreviousData,
      retry: false,
    }),
  /** The list's custom fields, for conditions on them. */
  fields: (listId: number) =>
    queryOptions({
      queryKey: [...segmentQueries.all(), 'fields', listId] as const,
      queryFn: ({ signal }) => getFields(listId, { page_size: 1000 }, signal),
    }),
};

export function useSaveSegment(listId: number, id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: SegmentWriteInput) =>
      id === undefined ? createSegment(listId, data) : updateSegment(listId, id, data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: segmentQueries.all() }),
  });
}
