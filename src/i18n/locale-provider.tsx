import { i18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { Fragment, type ReactNode } from 'react';
// Activates the starting locale before anything renders.
import './catalogs';

/**
 * The dashboard's messages for everything below. Switching the locale renders the tree
 * anew (keyed by the locale): dates, numbers and chart axes are formatted outside React's
 * view of the locale (Intl, recharts' tick formatters), and would otherwise keep the old one.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <KeyedByLocale>{children}</KeyedByLocale>
    </I18nProvider>
  );
}

function KeyedByLocale({ children }: { children: ReactNode }) {
  const { i18n: active } = useLingui();
  return <Fragment key={active.locale}>{children}</Fragment>;
}
