import { Anchor, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { SegmentFilterInput } from '../../../api/segments';
import { describeError } from '../../../api/errors';
import { segmentQueries } from '../queries';
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
        <Table.ScrollContainer minWidth={320}>
          <Table aria-label="First matching people" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>State</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.results.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/lists/${listId}/subscribers/${s.id}`}>
                      {s.email}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{`${s.first_name} ${s.last_name}`.trim()}</Table.Td>
                  <Table.Td>{s.subscription}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
