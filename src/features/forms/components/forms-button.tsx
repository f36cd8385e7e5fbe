import { Button } from '@mantine/core';
import { IconForms } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../components/link';
import { Trans } from '@lingui/react/macro';
import { useCan } from '../../../components/use-can';
import { formQueries } from '../queries';

/** The list's "Forms" button, for `lists:manage`, where the API has sign-up forms. */
export function FormsButton({ listId }: { listId: number }) {
  const canManage = useCan('lists:manage', listId);
  const forms = useQuery({ ...formQueries.list(), enabled: canManage });
  if (!canManage || forms.data?.supported !== true) return null;
  return (
    <Button
      component={Link}
      to={`/lists/${listId}/forms`}
      variant="default"
      leftSection={<IconForms size={16} />}
    >
      <Trans>Forms</Trans>
    </Button>
  );
}
