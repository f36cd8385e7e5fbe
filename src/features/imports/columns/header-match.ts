import {
  fieldForHeader,
  headerSynonyms,
  importableSubscriberFields,
  normalizeHeader,
} from '../../../../contract/imports';

const isBuiltIn = (name: string) =>
  (importableSubscriberFields as readonly string[]).includes(name);

/**
 * Edit distance with adjacent transpositions (optimal string alignment): the number of
 * inserted, deleted, replaced or swapped characters between `a` and `b`. Stops early and
 * returns `max + 1` once the distance must exceed `max`.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** Misspellings tolerated for a header of this (normalized) length: none for short words,
 * where one letter makes another word (`nom`/`nome`, `last`/`lang`). */
const tolerance = (length: number) => (length >= 9 ? 2 : length >= 5 ? 1 : 0);

export type TargetName = { name: string; label?: string };
export type HeaderMatch = { field: string; exact: boolean };

/**
 * The field a header cell names among `targets`: exactly (the server's header rule — a
 * custom field's name or label, a built-in field or a synonym such as `E-Mail`, `Vorname`,
 * `Geburtsdatum`), else the one closest within a small edit distance (`Emial`,
 * `Frist name`); a tie between two fields matches none.
 */
export function matchHeader(cell: string, targets: readonly TargetName[]): HeaderMatch | undefined {
  const names = new Set(targets.map((t) => t.name));
  const custom = targets.filter((t) => !isBuiltIn(t.name));
  const exact = fieldForHeader(cell, custom);
  if (exact && names.has(exact)) return { field: exact, exact: true };

  const key = normalizeHeader(cell);
  const max = tolerance(key.length);
  if (max === 0) return undefined;
  const candidates: [string, string][] = [
    ...[...headerSynonyms].filter(([, field]) => names.has(field)),
    ...custom.flatMap((t) => [
      [normalizeHeader(t.name), t.name] as [string, string],
      ...(t.label ? [[normalizeHeader(t.label), t.name] as [string, string]] : []),
    ]),
  ];
  let best = max + 1;
  let fields = new Set<string>();
  for (const [name, field] of candidates) {
    if (tolerance(name.length) === 0) continue;
    const d = editDistance(key, name, max);
    if (d < best) {
      best = d;
      fields = new Set([field]);
    } else if (d === best) fields.add(field);
  }
  return best <= max && fields.size === 1 ? { field: [...fields][0]!, exact: false } : undefined;
}

/**
 * The mapping a header row suggests: one field per column, '' for none. A field goes to the
 * first column naming it exactly, else to the first close one; it is never given twice.
 */
export function autoMapColumns(
  header: readonly string[],
  targets: readonly TargetName[],
): string[] {
  const matches = header.map((cell) => matchHeader(cell, targets));
  const taken = new Set<string>();
  const fields = header.map(() => '');
  for (const pass of [true, false])
    matches.forEach((m, i) => {
      if (!m || m.exact !== pass || taken.has(m.field)) return;
      taken.add(m.field);
      fields[i] = m.field;
    });
  return fields;
}
