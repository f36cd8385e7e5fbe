import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { SegmentFilterInput } from '../../../api/segments';
import { describeError } from '../../../api/errors';
import { segmentQueries } from '../queries';
import { PeopleTable } from './people-table';
import { formatCount } from '../../../lib/format';

/** The live count and first members of a filter; `filter` arrives debounced. */
export function MembersPreview({ listId, filter }: { listId: number; filter: SegmentFilterInput }) {
  const preview = useQuery(segmentQueries.preview(listId, filter));
  if (preview.isError) {
    return (
      <Text role="status" c="red" size="sm">
        The filter is not complete yet: {describeError(preview.error)}
      </Text>
    );
  }
  const data = preview.data;
  return (
    <section aria-label="Matching people">
      <Text role="status" fw={600} aria-live="polite">
        {data
          ? `${formatCount(data.count)} ${data.count === 1 ? 'person matches' : 'people match'}`
          : 'Counting…'}
      </Text>
      {data && data.results.length > 0 && (
        <PeopleTable label="First matching people" listId={listId} people={data.results} />
      )}
    </section>
  );
}
