import { describe, expect, it } from 'vitest';
import {
  emptySelection,
  pageState,
  pickedTargets,
  selectAllMatching,
  selectionFor,
  toggleOne,
  togglePage,
} from './selection';

const row = (id: number, subscription: 'active' | 'pending' = 'active') => ({
  id,
  email: `s${id}@example.com`,
  subscription,
});
const page = [row(1), row(2), row(3)];

describe('selection', () => {
  it('picks and unpicks rows, and reports the page state', () => {
    let s = toggleOne(emptySelection('k'), row(1));
    expect(pageState(s, page)).toBe('some');
    s = togglePage(s, page);
    expect(pageState(s, page)).toBe('all');
    s = togglePage(s, page);
    expect(pageState(s, page)).toBe('none');
  });

  it('keeps picks across pages of the same filter and drops them for another one', () => {
    const s = toggleOne(toggleOne(emptySelection('k'), row(1)), row(9));
    expect(pageState(s, page)).toBe('some');
    expect(selectionFor(s, 'k').items.size).toBe(2);
    expect(selectionFor(s, 'other').items.size).toBe(0);
  });

  it('selects all matching, and a single click or the header clears that', () => {
    const all = selectAllMatching(toggleOne(emptySelection('k'), row(1)));
    expect(all.all).toBe(true);
    expect(pageState(all, page)).toBe('all');
    expect(toggleOne(all, row(2))).toMatchObject({ all: false });
    expect(togglePage(all, page).all).toBe(false);
  });

  it('gives the picked rows with their current state, without other members', () => {
    const s = toggleOne(emptySelection('k'), { ...row(2), first_name: 'X' } as ReturnType<
      typeof row
    >);
    expect(pickedTargets(s, [row(2, 'pending')])).toEqual([row(2, 'pending')]);
    expect(pickedTargets(s, [])).toEqual([row(2)]);
  });
});
