import {
  IconApi,
  IconChartBar,
  IconChevronDown,
  IconFileImport,
  IconHistory,
  IconHome,
  IconInbox,
  IconKey,
  IconList,
  IconMail,
  IconMailOff,
  IconRobot,
  IconShieldCheck,
  IconShieldLock,
  IconUserShield,
  IconUsersGroup,
  IconWebhook,
  IconWorld,
} from '@tabler/icons-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useLocalStorage } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { Link } from '../../components/link';
import type { Permission } from '../../../contract/permissions';
import { can } from '../../api/me';
import { meQuery } from '../../api/shared-queries';
import { outboxAvailability } from '../../features/outbox/availability';
import { suppressionsAvailability } from '../../features/suppressions/availability';
import classes from './main-nav.module.css';

type Item = {
  label: MessageDescriptor;
  to: string;
  icon: typeof IconList;
  match: string[];
  outbox?: true;
  /** Only where the API has the suppression list (issue 52). */
  suppressions?: true;
  /** Shown only to roles with it (GET /api/v1/me), or to everyone where /me is missing. */
  needs?: Permission;
  /** Shown only where the API has /me (our server's users and tokens). */
  me?: true;
};

type Section = { id: string; title: MessageDescriptor; items: Item[] };

/**
 * Two groups (issue 56): the day's work, then the settings and reference. A screen added
 * later (forms, issue 50) is one more item of `work`.
 */
const sections: Section[] = [
  {
    id: 'work',
    title: msg`Work`,
    items: [
      { label: msg`Home`, to: '/', icon: IconHome, match: [] },
      { label: msg`Lists`, to: '/lists', icon: IconList, match: ['/lists'], needs: 'lists:read' },
      {
        label: msg`Mailings`,
        to: '/mailings',
        icon: IconMail,
        match: ['/mailings'],
        needs: 'mailings:read',
      },
      {
        label: msg`Automations`,
        to: '/automations',
        icon: IconRobot,
        match: ['/automations'],
        needs: 'automations:read',
      },
      {
        label: msg`Statistics`,
        to: '/statistics',
        icon: IconChartBar,
        match: ['/statistics'],
        needs: 'statistics:read',
      },
      // Only where the server keeps an outbox (no SMTP_URL); see `shown` below.
      {
        label: msg`Outbox`,
        to: '/outbox',
        icon: IconInbox,
        match: ['/outbox'],
        outbox: true,
        needs: 'mailings:read',
      },
      {
        label: msg`Suppression list`,
        to: '/suppressions',
        icon: IconMailOff,
        match: ['/suppressions'],
        suppressions: true,
        needs: 'subscribers:read',
      },
      {
        label: msg`Import`,
        to: '/import',
        icon: IconFileImport,
        match: ['/import'],
        needs: 'imports:run',
      },
    ],
  },
  {
    id: 'settings',
    title: msg`Settings`,
    items: [
      {
        label: msg`Users`,
        to: '/users',
        icon: IconUsersGroup,
        match: ['/users'],
        needs: 'users:manage',
        me: true,
      },
      {
        label: msg`Roles`,
        to: '/roles',
        icon: IconUserShield,
        match: ['/roles'],
        needs: 'users:manage',
        me: true,
      },
      { label: msg`API tokens`, to: '/tokens', icon: IconKey, match: ['/tokens'], me: true },
      // The caller's own sign-in security, and the audit log of writes (issue 29).
      {
        label: msg`Security`,
        to: '/security',
        icon: IconShieldLock,
        match: ['/security'],
        me: true,
      },
      {
        label: msg`Audit log`,
        to: '/audit',
        icon: IconHistory,
        match: ['/audit'],
        needs: 'users:manage',
        me: true,
      },
      {
        label: msg`Sending setup`,
        to: '/settings/sending',
        icon: IconShieldCheck,
        match: ['/settings/sending'],
        needs: 'settings:manage',
      },
      {
        label: msg`Webhooks`,
        to: '/webhooks',
        icon: IconWebhook,
        match: ['/webhooks'],
        needs: 'webhooks:manage',
      },
      {
        label: msg`Regions & languages`,
        to: '/regions',
        icon: IconWorld,
        match: ['/regions', '/languages'],
      },
      { label: msg`API reference`, to: '/api-docs', icon: IconApi, match: ['/api-docs'] },
    ],
  },
];

const isActive = (item: Item, pathname: string) =>
  item.to === '/'
    ? pathname === '/'
    : item.match.some((m) => pathname === m || pathname.startsWith(`${m}/`));

/**
 * The main navigation: each group's title is a button that folds it (remembered in this
 * browser), so on a phone the settings can step aside; a group holding the current screen
 * stays open.
 */
export function MainNav({ onNavigate }: { onNavigate: () => void }) {
  const { t, i18n } = useLingui();
  const { pathname } = useLocation();
  const { data: hasOutbox = false } = useQuery(outboxAvailability());
  const { data: hasSuppressions = false } = useQuery(suppressionsAvailability());
  const { data: me } = useQuery(meQuery());
  const [folded, setFolded] = useLocalStorage<string[]>({
    key: 'mailboard-nav-folded',
    defaultValue: [],
  });
  const shown = (items: Item[]) =>
    items.filter(
      (item) =>
        (!item.outbox || hasOutbox) &&
        (!item.suppressions || hasSuppressions) &&
        (!item.needs || can(me, item.needs)) &&
        (!item.me || (me !== null && me !== undefined)),
    );
  return (
    <nav aria-label={t`Main navigation`}>
      {sections.map((section) => {
        const items = shown(section.items);
        if (items.length === 0) return null;
        const open = !folded.includes(section.id) || items.some((item) => isActive(item, pathname));
        const listId = `nav-${section.id}`;
        return (
          <div key={section.id} className={classes.section}>
            <button
              type="button"
              className={classes.sectionTitle}
              aria-expanded={open}
              aria-controls={listId}
              onClick={() =>
                setFolded((now) =>
                  open ? [...now, section.id] : now.filter((id) => id !== section.id),
                )
              }
            >
              {i18n._(section.title)}
              <IconChevronDown
                size={14}
                aria-hidden
                className={classes.chevron}
                data-open={open || undefined}
              />
            </button>
            <ul id={listId} className={classes.list} hidden={!open}>
              {items.map((item) => {
                const Icon = item.icon;
                return (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      className={classes.link}
                      aria-current={isActive(item, pathname) ? 'page' : undefined}
                      onClick={onNavigate}
                    >
                      <Icon size={18} stroke={1.5} aria-hidden />
                      {i18n._(item.label)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
