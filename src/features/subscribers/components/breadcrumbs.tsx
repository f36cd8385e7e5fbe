import { Text } from '@mantine/core';
import { Link } from 'react-router';
import { useSubscribersList } from '../list-context';

/** Lists / <list> / Subscribers / [<subscriber>] / — above a subscriber screen's title. */
export function Breadcrumbs({ subscriber }: { subscriber?: { id: number; email: string } }) {
  const { list } = useSubscribersList();
  const base = `/lists/${list.id}/subscribers`;
  return (
    <Text size="sm" component="nav" aria-label="Breadcrumbs">
      <Link to="/lists">Lists</Link> / <Link to={`/lists/${list.id}`}>{list.name}</Link> /{' '}
      <Link to={base}>Subscribers</Link> /
      {subscriber && (
        <>
          {' '}
          <Link to={`${base}/${subscriber.id}`}>{subscriber.email}</Link> /
        </>
      )}
    </Text>
  );
}
