/**
 * The languages the dashboard speaks (issue 55). The SPA has a complete catalog for each, the
 * server stores a user's choice among them and sends system mails in it; both ends check a
 * value against this one list.
 */
export const DASHBOARD_LOCALES = ['en', 'de', 'fr'] as const;
export type DashboardLocale = (typeof DASHBOARD_LOCALES)[number];

export const isDashboardLocale = (value: unknown): value is DashboardLocale =>
  typeof value === 'string' && (DASHBOARD_LOCALES as readonly string[]).includes(value);

/** Each language's name in itself, as a language picker shows it. */
export const DASHBOARD_LOCALE_NAMES: Record<DashboardLocale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
};

/**
 * The cookie in which the dashboard keeps the language a user picked: the server writes the
 * page's `<html lang>` from it before the SPA runs (a preference, not a credential).
 */
export const DASHBOARD_LOCALE_COOKIE = 'mailboard_locale';
