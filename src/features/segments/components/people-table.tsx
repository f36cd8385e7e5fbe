import { Anchor, Table } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { Link } from '../../../components/link';
import { stateLabel } from '../state-labels';
import type { Subscriber } from '../../../api/subscribers';

/** Subscribers of a list matched by a filter: address (to their page), name and state. */
export function PeopleTable({
  label,
  listId,
  people,
}: {
  label: string;
  listId: number;
  people: readonly Subscriber[];
}) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table aria-label={label} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Email</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Name</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>State</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>
                <Anchor component={Link} to={`/lists/${listId}/subscribers/${s.id}`}>
                  {s.email}
                </Anchor>
              </Table.Td>
              <Table.Td>{`${s.first_name} ${s.last_name}`.trim()}</Table.Td>
              <Table.Td>{stateLabel(s.subscription)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
