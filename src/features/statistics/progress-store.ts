import { hashKey, type QueryKey } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { Progress } from './chart-data';

/**
 * Progress of browser-side counting, keyed by the query that does it: a query function
 * cannot return partial results, so it reports here and the screen subscribes.
 */
const progress = new Map<string, Progress>();
const listeners = new Set<() => void>();

export const progressStore = {
  report(key: QueryKey, value: Progress) {
    progress.set(hashKey(key), value);
    listeners.forEach((l) => l());
  },
  clear(key: QueryKey) {
    if (progress.delete(hashKey(key))) listeners.forEach((l) => l());
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Counting progress summed over the given queries; null when none is counting. */
export function useProgress(keys: readonly QueryKey[]): Progress | null {
  const hashes = keys.map((k) => hashKey(k)).join('\u0000');
  // A string snapshot keeps useSyncExternalStore's identity check cheap and stable.
  const snapshot = useSyncExternalStore(subscribe, () => {
    let done = 0;
    let total = 0;
    let any = false;
    for (const hash of hashes.split('\u0000')) {
      const p = progress.get(hash);
      if (!p) continue;
      any = true;
      done += p.done;
      total += p.total;
    }
    return any ? `${done}/${total}` : '';
  });
  if (!snapshot) return null;
  const [done, total] = snapshot.split('/').map(Number) as [number, number];
  return { done, total };
}
