import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import { Link } from '../../../components/link';

const tabs = [
  { key: 'regions', label: msg`Regions` },
  { key: 'languages', label: msg`Languages` },
] as const;

/** Switches between the two reference-data screens, each with its own URL. */
export function ReferenceTabs({ active }: { active: 'regions' | 'languages' }) {
  const { t, i18n } = useLingui();
  return (
    <nav aria-label={t`Reference data`}>
      <Group gap="xs" mb="md">
        {tabs.map((tab) => (
          <Button
            key={tab.key}
            component={Link}
            to={`/${tab.key}`}
            variant={tab.key === active ? 'filled' : 'default'}
            size="xs"
            aria-current={tab.key === active ? 'page' : undefined}
          >
            {i18n._(tab.label)}
          </Button>
        ))}
      </Group>
    </nav>
  );
}
