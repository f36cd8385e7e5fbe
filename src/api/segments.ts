import { envelope } from '../../contract/common';
import { segment, type Segment, type SegmentFilterInput } from '../../contract/segments';
import { subscriber } from '../../contract/subscribers';
import { extension, requestParsed } from './client';
import { allPages, type PageParams } from './pagination';

export type { Segment, SegmentFilterInput };
/** A write as the dashboard sends it: the server fills in the filter's defaults. */
export type SegmentWriteInput = { name: string; filter: SegmentFilterInput };

const segmentPage = envelope(segment);
const memberPage = envelope(subscriber);
export const SEGMENTS_EXTENSION = 'segments';
const base = (listId: number) => `/lists/${listId}/segments`;

/**
 * Segments of a list, each with its live count (extension, docs/decisions/api-choices.md). `{supported: false}`
 * where the API has none (405, or 404 on a list that exists): pickers fall back to ids.
 */
export const getAllSegments = (listId: number, signal?: AbortSignal) =>
  extension(SEGMENTS_EXTENSION, () =>
    allPages((page) =>
      requestParsed(segmentPage, base(listId), { query: { page, page_size: 1000 }, signal }),
    ),
  );

export const getSegment = (listId: number, id: number, signal?: AbortSignal) =>
  requestParsed(segment, `${base(listId)}/${id}`, { signal });

export const createSegment = (listId: number, data: SegmentWriteInput) =>
  requestParsed(segment, base(listId), { method: 'POST', body: data });

export const updateSegment = (listId: number, id: number, data: SegmentWriteInput) =>
  requestParsed(segment, `${base(listId)}/${id}`, { method: 'PUT', body: data });

/** Members of a filter not yet saved, paged: the builder's preview and the people behind a chart. */
export const previewSegment = (
  listId: number,
  filter: SegmentFilterInput,
  query: PageParams = {},
  signal?: AbortSignal,
) =>
  requestParsed(memberPage, `${base(listId)}/preview`, {
    method: 'POST',
    body: { filter },
    query,
    signal,
  });
