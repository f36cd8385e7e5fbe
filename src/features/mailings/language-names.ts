let names: Intl.DisplayNames | undefined;

/** "German (de)": a variant's language for people, named by the browser. */
export function languageLabel(code: string): string {
  try {
    names ??= new Intl.DisplayNames(undefined, { type: 'language' });
    const name = names.of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}
