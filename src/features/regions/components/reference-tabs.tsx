import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';

const tabs = [
  { key: 'regions', label: 'Regions' },
  { key: 'languages', label: 'Languages' },
] as const;

/** Switches between the two reference-data screens, each with its own URL. */
export function ReferenceTabs({ active }: { active: 'regions' | 'languages' }) {
  return (
    <nav aria-label="Reference data">
      <Group gap="xs" mb="md">
        {tabs.map((t) => (
          <Button
            key={t.key}
            component={Link}
            to={`/${t.key}`}
            variant={t.key === active ? 'filled' : 'default'}
            size="xs"
            aria-current={t.key === active ? 'page' : undefined}
          >
            {t.label}
          </Button>
        ))}
      </Group>
    </nav>
  );
}
