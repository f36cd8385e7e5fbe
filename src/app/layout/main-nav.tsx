import {
  IconApi,
  IconChartBar,
  IconFileImport,
  IconHistory,
  IconInbox,
  IconList,
  IconMail,
  IconShieldCheck,
  IconWebhook,
  IconShieldLock,
  IconWorld,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { outboxAvailability } from '../../features/outbox/availability';
import classes from './main-nav.module.css';

const items = [
  { label: 'Lists', to: '/lists', icon: IconList, match: ['/lists'] },
  { label: 'Mailings', to: '/mailings', icon: IconMail, match: ['/mailings'] },
  // Only where the server keeps an outbox (no SMTP_URL); see `shown` below.
  { label: 'Outbox', to: '/outbox', icon: IconInbox, match: ['/outbox'], outbox: true },
  { label: 'Import', to: '/import', icon: IconFileImport, match: ['/import'] },
  { label: 'Statistics', to: '/statistics', icon: IconChartBar, match: ['/statistics'] },
  {
    label: 'Regions & languages',
    to: '/regions',
    icon: IconWorld,
    match: ['/regions', '/languages'],
  },
  { label: 'Webhooks', to: '/webhooks', icon: IconWebhook, match: ['/webhooks'] },
  { label: 'API reference', to: '/api-docs', icon: IconApi, match: ['/api-docs'] },
  {
    label: 'Sending setup',
    to: '/settings/sending',
    icon: IconShieldCheck,
    match: ['/settings/sending'],
  },
  // Issue 29: the caller's own sign-in security, and the audit log of writes.
  { label: 'Security', to: '/security', icon: IconShieldLock, match: ['/security'] },
  { label: 'Audit log', to: '/audit', icon: IconHistory, match: ['/audit'] },
];

export function MainNav({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  const { data: hasOutbox = false } = useQuery(outboxAvailability());
  const shown = items.filter((item) => !item.outbox || hasOutbox);
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
