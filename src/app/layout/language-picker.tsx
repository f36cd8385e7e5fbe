import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { NativeSelect } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DASHBOARD_LOCALE_NAMES,
  DASHBOARD_LOCALES,
  isDashboardLocale,
  type DashboardLocale,
} from '../../../contract/dashboard-locales';
import { saveLocale } from '../../api/me';
import { meQuery } from '../../api/shared-queries';
import { switchLocale } from '../../i18n/catalogs';

/**
 * The dashboard's language, in the user menu (issue 55). The screen changes at once; the
 * choice is saved on the account where the server keeps one (GET /me carries `locale`),
 * so it follows the user to other browsers and into the mails the server sends them.
 */
export function LanguagePicker() {
  const { t, i18n } = useLingui();
  // Said beside the picker: a toast would need a chunk that may not arrive either.
  const [problem, setProblem] = useState<string>();
  const choose = useChooseLocale(setProblem);
  return (
    <NativeSelect
      size="xs"
      aria-label={t`Dashboard language`}
      value={i18n.locale}
      error={problem}
      onChange={(event) => {
        setProblem(undefined);
        const locale = event.currentTarget.value;
        if (isDashboardLocale(locale)) void choose(locale);
      }}
      data={DASHBOARD_LOCALES.map((locale) => ({
        value: locale,
        label: DASHBOARD_LOCALE_NAMES[locale],
      }))}
    />
  );
}

/**
 * Switches the dashboard to a language and saves it on the account (the phone menu too);
 * what went wrong goes to `report`, in words.
 */
export function useChooseLocale(report: (problem: string) => void) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { data: me } = useQuery(meQuery());
  return async (locale: DashboardLocale) => {
    try {
      await switchLocale(locale);
    } catch {
      // Its messages did not arrive (offline, or a new version was deployed): the screen
      // stays in the language it speaks, and says so. Chromium keeps a failed module import
      // failed for the page's life, so trying again means reloading.
      report(t`The language could not be loaded. Check the connection, then reload the page.`);
      return;
    }
    if (!me?.locale) return;
    try {
      queryClient.setQueryData(meQuery().queryKey, await saveLocale(locale));
    } catch {
      report(t`The language could not be saved on your account; it applies in this tab only.`);
    }
  };
}
