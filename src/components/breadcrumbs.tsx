import { useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { Link } from './link';

export type Crumb = { label: ReactNode; to: string };

/**
 * The way up from a screen, above its title (`PageHeader`'s `above`): each level a link,
 * each followed by a slash, `Lists / Newsletter / Subscribers /`.
 */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  const { t } = useLingui();
  return (
    <Text size="sm" component="nav" aria-label={t`Breadcrumbs`}>
      {items.map((crumb, i) => (
        <Fragment key={crumb.to}>
          {i > 0 && ' '}
          <Link to={crumb.to}>{crumb.label}</Link> /
        </Fragment>
      ))}
    </Text>
  );
}
