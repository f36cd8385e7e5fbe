/**
 * Locale negotiation and text folding shared by the reference-data endpoints (regions and
 * languages). Names come from Intl.DisplayNames, which knows many more locales than these;
 * the list is closed so the per-locale indexes built from it stay bounded in memory.
 */
export const SUPPORTED_LOCALES = [
  'en',
  'de',
  'fr',
  'it',
  'es',
  'pt',
  'nl',
  'pl',
  'cs',
  'sk',
  'sl',
  'hr',
  'hu',
  'ro',
  'bg',
  'el',
  'da',
  'sv',
  'nb',
  'fi',
  'et',
  'lv',
  'lt',
  'tr',
  'ru',
  'uk',
  'ja',
  'zh',
  'ko',
] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

const supported = new Set<string>(SUPPORTED_LOCALES);
// Norwegian is usually sent as `no` or `nn`; Bokmål names are the closest we have.
const aliases: Record<string, Locale> = { no: 'nb', nn: 'nb' };

// A header longer than this is cut: no browser sends one, and parsing stays cheap.
const MAX_HEADER = 1024;
const RANGE = /^([A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|\*)$/;

/**
 * The best supported locale for an `Accept-Language` header (RFC 9110 §12.5.4): ranges by
 * descending q-value (ties keep header order), matched on their primary language subtag;
 * `*` stands for the default. Anything unusable falls back to English. `among` narrows the
 * locales to choose from (public pages have texts in fewer languages).
 */
export function negotiateLocale(
  header: string | undefined,
  among: readonly Locale[] = SUPPORTED_LOCALES,
): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranges: { tag: string; q: number; index: number }[] = [];
  header
    .slice(0, MAX_HEADER)
    .split(',')
    .forEach((part, index) => {
      const [rawTag = '', ...params] = part.split(';').map((s) => s.trim());
      if (!RANGE.test(rawTag)) return;
      let q = 1;
      for (const param of params) {
        const match = /^q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i.exec(param);
        if (match) q = Number(match[1]);
        else if (/^q\s*=/i.test(param)) q = -1; // malformed weight: ignore the range
      }
      if (q > 0) ranges.push({ tag: rawTag.toLowerCase(), q, index });
    });
  ranges.sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    if (tag === '*') return DEFAULT_LOCALE;
    const primary = tag.split('-')[0]!;
    const match = supported.has(primary) ? (primary as Locale) : aliases[primary];
    if (match && among.includes(match)) return match;
  }
  return DEFAULT_LOCALE;
}

const SPECIAL: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ı: 'i',
  ł: 'l',
  þ: 'th',
};

/** Lower-cases and strips accents, so "Österreich", "osterreich" and "OSTERREICH" meet. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđðħıłþ]/g, (c) => SPECIAL[c]!);
}

/** Search terms as Django REST framework's SearchFilter splits them (whitespace, commas). */
export const searchTerms = (search: string | undefined) =>
  (search ?? '')
    .split(/[\s,]+/)
    .map(fold)
    .filter((term) => term.length > 0);
