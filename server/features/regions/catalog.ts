import { iso31661, iso31662 } from 'iso-3166';
import { fold, searchTerms, type Locale } from '../../lib/locale.js';

/** A region in one locale: its own folded name and its country's, precomputed for search. */
export type RegionEntry = {
  code: string;
  name: string;
  /** ISO-3166-1 code of the country; null for a country itself. */
  country: string | null;
  /** Direct parent (a country, or a subdivision for second-level subdivisions). */
  parent: string | null;
  key: string;
  countryKey: string;
};

export type RegionIndex = {
  /** Every country and subdivision, ordered by code. */
  all: RegionEntry[];
  byCode: Map<string, RegionEntry>;
  /** Country code → all its subdivisions; subdivision code → its direct children. */
  regionsOf: Map<string, RegionEntry[]>;
};

const byCode = (a: { code: string }, b: { code: string }) =>
  a.code < b.code ? -1 : a.code > b.code ? 1 : 0;

// Subdivision names come from the data package and do not change with the locale; fold them
// once for all locales.
const subdivisions = iso31662
  .map((s) => ({ ...s, key: fold(s.name), country: s.code.split('-')[0]! }))
  .sort(byCode);

const indexes = new Map<Locale, RegionIndex>();

/** The regions named in `locale`, built on first use and kept (the locale list is closed). */
export function regionIndex(locale: Locale): RegionIndex {
  let index = indexes.get(locale);
  if (!index) {
    index = buildIndex(locale);
    indexes.set(locale, index);
  }
  return index;
}

function buildIndex(locale: Locale): RegionIndex {
  const names = new Intl.DisplayNames(locale, { type: 'region', fallback: 'none' });
  const countries = new Map<string, RegionEntry>();
  for (const c of iso31661) {
    const name = names.of(c.alpha2) ?? c.name;
    const key = fold(name);
    countries.set(c.alpha2, {
      code: c.alpha2,
      name,
      country: null,
      parent: null,
      key,
      countryKey: key,
    });
  }
  const all: RegionEntry[] = [...countries.values()];
  const regionsOf = new Map<string, RegionEntry[]>();
  const add = (owner: string, entry: RegionEntry) => {
    const list = regionsOf.get(owner);
    if (list) list.push(entry);
    else regionsOf.set(owner, [entry]);
  };
  for (const s of subdivisions) {
    const entry: RegionEntry = {
      code: s.code,
      name: s.name,
      country: s.country,
      parent: s.parent,
      key: s.key,
      countryKey: countries.get(s.country)?.key ?? '',
    };
    all.push(entry);
    add(s.country, entry);
    if (s.parent !== s.country) add(s.parent, entry);
  }
  all.sort(byCode);
  return { all, byCode: new Map(all.map((e) => [e.code, e])), regionsOf };
}

/**
 * `code`: exact, case-insensitive. `search`: every term (split as DRF's SearchFilter does)
 * must occur, case- and accent-insensitively, in the region's name or its country's name.
 */
export function filterRegions(
  index: RegionIndex,
  filters: { code?: string; search?: string },
): RegionEntry[] {
  const terms = searchTerms(filters.search);
  // An empty `code` is no filter, as with django-filter.
  const code = filters.code?.trim();
  if (code) {
    const entry = index.byCode.get(code.toUpperCase());
    return entry && matches(entry, terms) ? [entry] : [];
  }
  if (terms.length === 0) return index.all;
  return index.all.filter((e) => matches(e, terms));
}

const matches = (e: RegionEntry, terms: string[]) =>
  terms.every((term) => e.key.includes(term) || e.countryKey.includes(term));

/** The detail of a region, or undefined for an unknown code (compared case-insensitively). */
export function regionDetail(index: RegionIndex, code: string) {
  const entry = index.byCode.get(code.trim().toUpperCase());
  if (!entry) return undefined;
  return {
    code: entry.code,
    name: entry.name,
    country: entry.country,
    regions: (index.regionsOf.get(entry.code) ?? []).map(({ code, name }) => ({ code, name })),
  };
}
