const SHARDS = 256;
const INITIAL_SLOTS = 64;
const INITIAL_BYTES = 1024;

/** A typed array with room for `needed` items: grown by half when full, copying its items. */
function grown<T extends Uint32Array | Buffer>(
  array: T,
  needed: number,
  make: (n: number) => T,
): T {
  if (needed <= array.length) return array;
  let size = Math.ceil(array.length * 1.5);
  while (size < needed) size = Math.ceil(size * 1.5);
  const bigger = make(size);
  bigger.set(array);
  return bigger;
}

/**
 * One shard: an open-addressing hash table over the addresses' UTF-8 bytes, kept end to end
 * in one buffer. A string in a Set costs ~135 bytes of memory at a million entries (the
 * string object, its sliced parent and the Set's slots); here ~40.
 */
class Shard {
  private slots = new Uint32Array(INITIAL_SLOTS); // entry number + 1; 0 is empty
  private hashes = new Uint32Array(INITIAL_SLOTS / 2);
  private ends = new Uint32Array(INITIAL_SLOTS / 2); // entry i is bytes[ends[i-1] .. ends[i]]
  private bytes = Buffer.alloc(INITIAL_BYTES);
  private count = 0;

  /** The slot holding `key` (encoded in `scratch[0..length)`), or the empty one it would take. */
  private find(hash: number, scratch: Buffer, length: number): number {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot]!;
      if (entry === 0) return slot;
      const i = entry - 1;
      if (this.hashes[i] !== hash) continue;
      const start = i === 0 ? 0 : this.ends[i - 1]!;
      const end = this.ends[i]!;
      if (end - start === length && this.bytes.compare(scratch, 0, length, start, end) === 0)
        return slot;
    }
  }

  has(hash: number, scratch: Buffer, length: number): boolean {
    return this.slots[this.find(hash, scratch, length)] !== 0;
  }

  add(hash: number, scratch: Buffer, length: number) {
    const slot = this.find(hash, scratch, length);
    if (this.slots[slot] !== 0) return;
    const i = this.count++;
    const start = i === 0 ? 0 : this.ends[i - 1]!;
    this.bytes = grown(this.bytes, start + length, (n) => Buffer.alloc(n));
    scratch.copy(this.bytes, start, 0, length);
    this.hashes = grown(this.hashes, this.count, (n) => new Uint32Array(n));
    this.ends = grown(this.ends, this.count, (n) => new Uint32Array(n));
    this.hashes[i] = hash;
    this.ends[i] = start + length;
    this.slots[slot] = i + 1;
    // At most half full, so probes stay short; a rehash moves only this shard's entries.
    if (this.count * 2 > this.slots.length) this.rehash();
  }

  private rehash() {
    const slots = new Uint32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let i = 0; i < this.count; i++) {
      let slot = this.hashes[i]! & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = i + 1;
    }
    this.slots = slots;
  }
}

/**
 * The addresses an import has accepted so far (up to millions), exactly (no hash is trusted
 * without comparing the bytes). Sharded, so that growing rehashes a small part at a time:
 * one big table rehashing all its entries at once at a million would stall API requests.
 */
export class SeenAddresses {
  private readonly shards = Array.from({ length: SHARDS }, () => new Shard());
  private scratch = Buffer.alloc(256);

  /** Encodes `key` into the scratch buffer; its hash (FNV-1a over the bytes) and length. */
  private encode(key: string): { hash: number; length: number } {
    if (key.length * 3 > this.scratch.length) this.scratch = Buffer.alloc(key.length * 3);
    const length = this.scratch.write(key, 'utf8');
    let hash = 0x811c9dc5;
    for (let i = 0; i < length; i++) hash = Math.imul(hash ^ this.scratch[i]!, 0x01000193);
    return { hash: hash >>> 0, length };
  }

  /** Shards by the hash's top bits; the table inside a shard uses its low bits. */
  private shard(hash: number): Shard {
    return this.shards[hash >>> 24]!;
  }

  has(key: string) {
    const { hash, length } = this.encode(key);
    return this.shard(hash).has(hash, this.scratch, length);
  }

  add(key: string) {
    const { hash, length } = this.encode(key);
    this.shard(hash).add(hash, this.scratch, length);
  }
}
