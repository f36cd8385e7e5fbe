import {
  IconApi,
  IconChartBar,
  IconFileImport,
  IconList,
  IconMail,
  IconWorld,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import classes from './main-nav.module.css';

const items = [
  { label: 'Lists', to: '/lists', icon: IconList, match: ['/lists'] },
  { label: 'Mailings', to: '/mailings', icon: IconMail, match: ['/mailings'] },
  { label: 'Import', to: '/import', icon: IconFileImport, match: ['/import'] },
  { label: 'Statistics', to: '/statistics', icon: IconChartBar, match: ['/statistics'] },
  {
    label: 'Regions & languages',
    to: '/regions',
    icon: IconWorld,
    match: ['/regions', '/languages'],
  },
  { label: 'API reference', to: '/api-docs', icon: IconApi, match: ['/api-docs'] },
];

export function MainNav({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main navigation">
      <ul className={classes.list}>
        {items.map(({ label, to, icon: Icon, match }) => {
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
