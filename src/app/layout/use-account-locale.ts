import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { meQuery } from '../../api/shared-queries';
import { activeLocale, switchLocale } from '../../i18n/catalogs';

/**
 * Speaks the language saved on the account once GET /me tells it (issue 55): a tab opened
 * before signing in started in the browser's language, or the page's.
 */
export function useAccountLocale() {
  const { data: me } = useQuery(meQuery());
  const saved = me?.locale;
  useEffect(() => {
    if (saved && saved !== activeLocale()) void switchLocale(saved);
  }, [saved]);
}
