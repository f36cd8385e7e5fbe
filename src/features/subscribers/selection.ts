import type { BulkTarget } from './bulk/run-bulk';

/**
 * The rows a bulk action runs on: picked ones (kept across pages of the same filter), or
 * every subscriber matching the filter ("all N matching"). `key` is the filter it belongs
 * to: another filter starts with nothing selected.
 */
export type Selection = { key: string; all: boolean; items: ReadonlyMap<number, BulkTarget> };

export const emptySelection = (key: string): Selection => ({ key, all: false, items: new Map() });

/** The selection for the current filter (an older filter's selection is dropped). */
export const selectionFor = (s: Selection, key: string) =>
  s.key === key ? s : emptySelection(key);

const target = ({ id, email, subscription }: BulkTarget): BulkTarget => ({
  id,
  email,
  subscription,
});

export function toggleOne(s: Selection, row: BulkTarget): Selection {
  const items = new Map(s.items);
  if (s.all) return { ...s, all: false, items: new Map() };
  if (items.has(row.id)) items.delete(row.id);
  else items.set(row.id, target(row));
  return { ...s, items };
}

export function pageState(s: Selection, rows: readonly BulkTarget[]): 'all' | 'some' | 'none' {
  if (rows.length === 0) return 'none';
  if (s.all) return 'all';
  const picked = rows.filter((r) => s.items.has(r.id)).length;
  return picked === 0 ? 'none' : picked === rows.length ? 'all' : 'some';
}

/** The header checkbox: selects the whole page, or (all already selected) clears it. */
export function togglePage(s: Selection, rows: readonly BulkTarget[]): Selection {
  if (s.all) return emptySelection(s.key);
  const items = new Map(s.items);
  if (pageState(s, rows) === 'all') rows.forEach((r) => items.delete(r.id));
  else rows.forEach((r) => items.set(r.id, target(r)));
  return { ...s, items };
}

export const selectAllMatching = (s: Selection): Selection => ({
  ...s,
  all: true,
  items: new Map(),
});

/** The picked rows with the states the page shows now (an action may have changed them). */
export function pickedTargets(s: Selection, rows: readonly BulkTarget[]): BulkTarget[] {
  const current = new Map(rows.map((r) => [r.id, r]));
  return [...s.items.values()].map((t) => target(current.get(t.id) ?? t));
}
