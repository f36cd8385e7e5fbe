import { describe, expect, it } from 'vitest';
import {
  activateBodyFor,
  actionPhrase,
  countByState,
  expectedState,
  impactOf,
  isNoop,
} from './actions';

describe('expectedState', () => {
  it('activates directly on a list without opt-in, and when the server does not say', () => {
    expect(expectedState({ kind: 'activate' }, false)).toBe('active');
    expect(expectedState({ kind: 'activate' }, undefined)).toBe('active');
  });

  it('sends the opt-in (pending) on a double-opt-in list unless confirmed', () => {
    expect(expectedState({ kind: 'activate' }, true)).toBe('pending');
    expect(expectedState({ kind: 'activate', confirm: true }, true)).toBe('active');
  });

  it('unsubscribes and deletes', () => {
    expect(expectedState({ kind: 'unsubscribe' }, true)).toBe('unsubscribed');
    expect(expectedState({ kind: 'delete' }, false)).toBe('deleted');
  });
});

describe('activateBodyFor', () => {
  it('sends confirm only where the list has an opt-in process', () => {
    expect(activateBodyFor({ kind: 'activate', confirm: true }, true)).toEqual({ confirm: true });
    expect(activateBodyFor({ kind: 'activate', confirm: true }, false)).toEqual({});
    expect(activateBodyFor({ kind: 'activate' }, true)).toEqual({});
  });
});

describe('impactOf', () => {
  it('counts by state and marks the rows already in the target state', () => {
    const counts = countByState([
      { subscription: 'active' },
      { subscription: 'unsubscribed' },
      { subscription: 'active' },
      { subscription: 'bounced' },
    ]);
    expect(impactOf(counts, { kind: 'unsubscribe' }, false)).toEqual({
      rows: [
        { state: 'active', count: 2, becomes: 'unsubscribed', noop: false },
        { state: 'bounced', count: 1, becomes: 'unsubscribed', noop: false },
        { state: 'unsubscribed', count: 1, becomes: 'unsubscribed', noop: true },
      ],
      changing: 3,
      unchanged: 1,
      total: 4,
    });
  });

  it('depends on the activation choice on a double-opt-in list', () => {
    const counts = { pending: 5, active: 2, unsubscribed: 1 };
    expect(impactOf(counts, { kind: 'activate' }, true)).toMatchObject({
      changing: 1,
      unchanged: 7,
    });
    expect(impactOf(counts, { kind: 'activate', confirm: true }, true).changing).toBe(6);
  });

  it('never sends the opt-in to active subscribers (that would stop their mailings)', () => {
    expect(isNoop({ kind: 'activate' }, 'active', true)).toBe(true);
    expect(isNoop({ kind: 'activate' }, 'pending', true)).toBe(true);
    expect(isNoop({ kind: 'activate', confirm: true }, 'pending', true)).toBe(false);
    expect(isNoop({ kind: 'delete' }, 'active', true)).toBe(false);
  });
});

describe('actionPhrase', () => {
  it('names the action and the count', () => {
    expect(actionPhrase({ kind: 'delete' }, 1)).toBe('Delete 1 subscriber');
    expect(actionPhrase({ kind: 'unsubscribe' }, 1200)).toBe('Unsubscribe 1,200 subscribers');
    expect(actionPhrase({ kind: 'activate' }, 2, true)).toBe('Send the opt-in to 2 subscribers');
    expect(actionPhrase({ kind: 'activate', confirm: true }, 2, true)).toBe(
      'Confirm 2 subscribers directly',
    );
  });
});
