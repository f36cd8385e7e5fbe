import { Text } from '@mantine/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { SegmentFilterInput } from '../../../api/segments';
import { describeError } from '../../../api/errors';
import { segmentQueries } from '../queries';
import { PeopleTable } from './people-table';

/** The live count and first members of a filter; `filter` arrives debounced. */
export function MembersPreview({ listId, filter }: { listId: number; filter: SegmentFilterInput }) {
  const { t } = useLingui();
  const preview = useQuery(segmentQueries.preview(listId, filter));
  if (preview.isError) {
    const problem = describeError(preview.error);
    return (
      <Text role="status" c="red" size="sm">
        <Trans>The filter is not complete yet: {problem}</Trans>
      </Text>
    );
  }
  const data = preview.data;
  const matches = data?.count ?? 0;
  return (
    <section aria-label={t`Matching people`}>
      <Text role="status" fw={600} aria-live="polite">
        {data
          ? plural(matches, { one: '# person matches', other: '# people match' })
          : t`Counting…`}
      </Text>
      {data && data.results.length > 0 && (
        <PeopleTable label={t`First matching people`} listId={listId} people={data.results} />
      )}
    </section>
  );
}
