import type { Segment } from '../../../contract/segments.js';
import type { SegmentRow } from './repository.js';

export const serializeSegment = (row: SegmentRow, count: number): Segment => ({
  id: row.id,
  list: row.listId,
  name: row.name,
  filter: row.filter,
  count,
  create_datetime: row.createDatetime.toISOString(),
  update_datetime: row.updateDatetime.toISOString(),
});
