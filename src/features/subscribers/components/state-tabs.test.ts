import { describe, expect, it } from 'vitest';
import { tabCount } from './state-tabs';

const counts = { active: 5, pending: 2, bounced: 1, unsubscribed: 3, deleted: 4 };

describe('tabCount', () => {
  it('takes the list’s counts; all leaves the deleted out', () => {
    const current = { tab: 'all' as const, count: 11, filtered: false };
    expect(tabCount('all', counts, current)).toBe(11);
    expect(tabCount('deleted', counts, current)).toBe(4);
  });

  it('degrades to the shown tab’s total without counts from the server', () => {
    const current = { tab: 'pending' as const, count: 2, filtered: false };
    expect(tabCount('pending', undefined, current)).toBe(2);
    expect(tabCount('active', undefined, current)).toBeUndefined();
  });

  it('shows only the shown tab’s total under an email filter', () => {
    const current = { tab: 'all' as const, count: 0, filtered: true };
    expect(tabCount('all', counts, current)).toBe(0);
    expect(tabCount('active', counts, current)).toBeUndefined();
  });
});
