import { i18n } from '@lingui/core';

const names = new Map<string, Intl.DisplayNames>();

/** "German (de)": a variant's language for people, named in the dashboard's language. */
export function languageLabel(code: string): string {
  try {
    let display = names.get(i18n.locale);
    if (!display) {
      display = new Intl.DisplayNames(i18n.locale, { type: 'language' });
      names.set(i18n.locale, display);
    }
    const name = display.of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}
