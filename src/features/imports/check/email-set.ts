/**
 * The addresses seen so far in a file, for counting repeats without keeping the addresses:
 * each is reduced to a 64-bit hash (two 32-bit lanes) in an open-addressing table of typed
 * arrays, 9 bytes a slot at a load of at most 1/2 — about 18 MB for a million distinct
 * addresses instead of ~100 MB for a Set of strings. Two different addresses share a hash
 * with a probability of about n²/2⁶⁵ (3·10⁻⁸ for a million), which would count one row as
 * repeated by mistake; the server, which keeps the addresses, has the last word.
 *
 * Each slot carries flag bits, so one table answers "seen before?" for several counting
 * modes at once (with and without `ignore_invalid_fields`).
 */
export class EmailHashSet {
  private hi: Uint32Array;
  private lo: Uint32Array;
  private flags: Uint8Array;
  private used = 0;

  constructor(initialCapacity = 1 << 12) {
    const capacity = 1 << Math.ceil(Math.log2(Math.max(16, initialCapacity)));
    this.hi = new Uint32Array(capacity);
    this.lo = new Uint32Array(capacity);
    this.flags = new Uint8Array(capacity);
  }

  /** Distinct addresses stored. */
  get size() {
    return this.used;
  }

  /** Bytes held by the table. */
  get bytes() {
    return this.flags.length * 9;
  }

  /**
   * Sets `bit` (1, 2, 4, …; at most 64) for `key` and tells whether it was already set,
   * i.e. whether this address was seen before in that mode.
   */
  testAndSet(key: string, bit: number): boolean {
    const [h1, h2] = hash64(key);
    const slot = this.find(h1, h2);
    const flags = this.flags[slot]!;
    if (flags === 0) {
      this.hi[slot] = h1;
      this.lo[slot] = h2;
      this.flags[slot] = OCCUPIED | bit;
      if (++this.used * 2 > this.flags.length) this.grow();
      return false;
    }
    this.flags[slot] = flags | bit;
    return (flags & bit) !== 0;
  }

  private find(h1: number, h2: number): number {
    const mask = this.flags.length - 1;
    let slot = h2 & mask;
    while (this.flags[slot] !== 0 && (this.hi[slot] !== h1 || this.lo[slot] !== h2))
      slot = (slot + 1) & mask;
    return slot;
  }

  private grow() {
    const { hi, lo, flags } = this;
    const capacity = flags.length * 2;
    this.hi = new Uint32Array(capacity);
    this.lo = new Uint32Array(capacity);
    this.flags = new Uint8Array(capacity);
    for (let i = 0; i < flags.length; i++) {
      if (flags[i] === 0) continue;
      const slot = this.find(hi[i]!, lo[i]!);
      this.hi[slot] = hi[i]!;
      this.lo[slot] = lo[i]!;
      this.flags[slot] = flags[i]!;
    }
  }
}

const OCCUPIED = 128;

/** cyrb53's two mixed 32-bit lanes (public domain), both kept: 64 bits of hash. */
export function hash64(text: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1 >>> 0, h2 >>> 0];
}
