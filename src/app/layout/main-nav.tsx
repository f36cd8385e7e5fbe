import {
  IconApi,
  IconChartBar,
  IconFileImport,
  IconHistory,
  IconInbox,
  IconList,
  IconMail,
  IconMailOff,
  IconShieldCheck,
  IconWebhook,
  IconShieldLock,
  IconKey,
  IconUsersGroup,
  IconWorld,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import type { Permission } from '../../../contract/permissions';
import { can } from '../../api/me';
import { meQuery } from '../../api/shared-queries';
import { outboxAvailability } from '../../features/outbox/availability';
import { suppressionsAvailability } from '../../features/suppressions/availability';
import classes from './main-nav.module.css';

type Item = {
  label: string;
  to: string;
  icon: typeof IconList;
  match: string[];
  outbox?: true;
  /** Only where the API has the suppression list (an extension). */
  suppressions?: true;
  /** Shown only to roles with it (GET /api/v1/me), or to everyone where /me is missing. */
  needs?: Permission;
  /** Shown only where the API has /me (our server's users and tokens). */
  me?: true;
};

const items: Item[] = [
  { label: 'Lists', to: '/lists', icon: IconList, match: ['/lists'], needs: 'lists:read' },
  {
    label: 'Mailings',
    to: '/mailings',
    icon: IconMail,
    match: ['/mailings'],
    needs: 'mailings:read',
  },
  // Only where the server keeps an outbox (no SMTP_URL); see `shown` below.
  {
    label: 'Outbox',
    to: '/outbox',
    icon: IconInbox,
    match: ['/outbox'],
    outbox: true,
    needs: 'mailings:read',
  },
  {
    label: 'Import',
    to: '/import',
    icon: IconFileImport,
    match: ['/import'],
    needs: 'imports:run',
  },
  {
    label: 'Statistics',
    to: '/statistics',
    icon: IconChartBar,
    match: ['/statistics'],
    needs: 'statistics:read',
  },
  {
    label: 'Suppression list',
    to: '/suppressions',
    icon: IconMailOff,
    match: ['/suppressions'],
    suppressions: true,
    needs: 'subscribers:read',
  },
  {
    label: 'Regions & languages',
    to: '/regions',
    icon: IconWorld,
    match: ['/regions', '/languages'],
  },
  {
    label: 'Webhooks',
    to: '/webhooks',
    icon: IconWebhook,
    match: ['/webhooks'],
    needs: 'webhooks:manage',
  },
  { label: 'API reference', to: '/api-docs', icon: IconApi, match: ['/api-docs'] },
  {
    label: 'Sending setup',
    to: '/settings/sending',
    icon: IconShieldCheck,
    match: ['/settings/sending'],
    needs: 'settings:manage',
  },
  // Issue 29: the caller's own sign-in security, and the audit log of writes.
  { label: 'Security', to: '/security', icon: IconShieldLock, match: ['/security'], me: true },
  {
    label: 'Audit log',
    to: '/audit',
    icon: IconHistory,
    match: ['/audit'],
    needs: 'users:manage',
    me: true,
  },
  {
    label: 'Users',
    to: '/users',
    icon: IconUsersGroup,
    match: ['/users', '/roles'],
    needs: 'users:manage',
    me: true,
  },
  { label: 'API tokens', to: '/tokens', icon: IconKey, match: ['/tokens'], me: true },
];

export function MainNav({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  const { data: hasOutbox = false } = useQuery(outboxAvailability());
  const { data: hasSuppressions = false } = useQuery(suppressionsAvailability());
  const { data: me } = useQuery(meQuery());
  const shown = items.filter(
    (item) =>
      (!item.outbox || hasOutbox) &&
      (!item.suppressions || hasSuppressions) &&
      (!item.needs || can(me, item.needs)) &&
      (!item.me || (me !== null && me !== undefined)),
  );
  return (
    <nav aria-label="Main navigation">
      <ul className={classes.list}>
        {shown.map(({ label, to, icon: Icon, match }) => {
          const active = match.some((m) => pathname === m || pathname.startsWith(`${m}/`));
          return (
            <li key={to}>
              <Link
                to={to}
                className={classes.link}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
              >
                <Icon size={18} stroke={1.5} aria-hidden />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
