/**
 * A seeded PRNG (mulberry32) and the few draws the demo data needs, so every fresh database
 * gets exactly the same demo content.
 */
export type Random = {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** One of the keys, drawn with the given weights. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K;
  chance(p: number): boolean;
};

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted(weights) {
      const entries = Object.entries(weights) as [keyof typeof weights, number][];
      let r = next() * entries.reduce((sum, [, w]) => sum + w, 0);
      for (const [key, w] of entries) if ((r -= w) < 0) return key;
      return entries[entries.length - 1]![0];
    },
    chance: (p) => next() < p,
  };
}
