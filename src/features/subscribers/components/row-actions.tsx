import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Loader, Menu } from '@mantine/core';
import {
  IconCircleCheck,
  IconDots,
  IconEdit,
  IconExternalLink,
  IconMailOff,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from '../../../components/link';
import type { Subscriber } from '../../../api/subscribers';
import type { ActionKind } from '../actions';

/**
 * The per-row menu: open, edit, and the state changes that would change something. While a
 * change runs the button shows a spinner but stays enabled (a disabled button would drop
 * the keyboard focus the menu just returned to it); the state changes wait meanwhile.
 */
export function RowActions({
  subscriber,
  basePath,
  onAction,
  busy,
}: {
  subscriber: Subscriber;
  basePath: string;
  onAction: (kind: ActionKind) => void;
  busy: boolean;
}) {
  const { t } = useLingui();
  const { subscription: state, email } = subscriber;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t`Actions for ${email}`}
          aria-busy={busy || undefined}
        >
          {busy ? <Loader size={14} color="gray" /> : <IconDots size={16} aria-hidden />}
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to={`${basePath}/${subscriber.id}`}
          leftSection={<IconExternalLink size={14} />}
        >
          <Trans>Open</Trans>
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={`${basePath}/${subscriber.id}/edit`}
          leftSection={<IconEdit size={14} />}
        >
          <Trans>Edit</Trans>
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconCircleCheck size={14} />}
          disabled={busy || state === 'active'}
          onClick={() => onAction('activate')}
        >
          <Trans>Activate</Trans>
        </Menu.Item>
        <Menu.Item
          leftSection={<IconMailOff size={14} />}
          disabled={busy || state === 'unsubscribed'}
          onClick={() => onAction('unsubscribe')}
        >
          <Trans>Unsubscribe</Trans>
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={14} />}
          disabled={busy || state === 'deleted'}
          onClick={() => onAction('delete')}
        >
          <Trans>Delete</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
