import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Alert, Anchor, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from '../../../components/link';
import type { Overview } from '../../../api/overview';

type Warning = NonNullable<Overview['warnings']>[number];

const ACTION: Record<string, MessageDescriptor> = {
  delivery_paused: msg`Open the mailing`,
  smtp_login_refused: msg`Open the mailing`,
  webhook_failing: msg`Open webhooks`,
  sender_domain: msg`Open sending setup`,
};

/** What a person should act on, each with the screen that acts on it; nothing when none. */
export function WarningsCard({ warnings }: { warnings: Warning[] }) {
  const { t, i18n } = useLingui();
  const actionLabel = (kind: string) => {
    const action = ACTION[kind];
    return action ? i18n._(action) : t`Open`;
  };
  if (warnings.length === 0) return null;
  return (
    <Alert
      color="orange"
      title={t`Needs attention`}
      icon={<IconAlertTriangle aria-hidden />}
      component="section"
      aria-label={t`Needs attention`}
    >
      <List size="sm" spacing={4}>
        {warnings.map((w, i) => (
          <List.Item key={i}>
            {w.message}{' '}
            <Anchor component={Link} to={w.link} size="sm" c="inherit" underline="always" fw={600}>
              {actionLabel(w.kind)}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
