import { Alert, Anchor, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Overview } from '../../../api/overview';

type Warning = NonNullable<Overview['warnings']>[number];

const ACTION: Record<string, string> = {
  delivery_paused: 'Open the mailing',
  smtp_login_refused: 'Open the mailing',
  webhook_failing: 'Open webhooks',
  sender_domain: 'Open sending setup',
};

/** What a person should act on, each with the screen that acts on it; nothing when none. */
export function WarningsCard({ warnings }: { warnings: Warning[] }) {
  if (warnings.length === 0) return null;
  return (
    <Alert
      color="orange"
      title="Needs attention"
      icon={<IconAlertTriangle aria-hidden />}
      component="section"
      aria-label="Needs attention"
    >
      <List size="sm" spacing={4}>
        {warnings.map((w, i) => (
          <List.Item key={i}>
            {w.message}{' '}
            <Anchor component={Link} to={w.link} size="sm" c="inherit" underline="always" fw={600}>
              {ACTION[w.kind] ?? 'Open'}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
