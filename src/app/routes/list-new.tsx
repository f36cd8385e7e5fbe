import { Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ListCreate } from '../../features/lists/components/list-create';

export function Component() {
  return (
    <>
      <PageHeader
        title="New list"
        above={
          <Text size="sm">
            <Link to="/lists">Lists</Link> /
          </Text>
        }
      />
      <ListCreate />
    </>
  );
}
