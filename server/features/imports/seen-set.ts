const SHARDS = 256;

/**
 * The addresses an import has accepted so far (up to millions). One big Set rehashes all
 * its entries at once when it grows, a pause of a tenth of a second or more at a million
 * that would stall API requests; many small sets grow in small steps.
 */
export class SeenAddresses {
  private readonly shards = Array.from({ length: SHARDS }, () => new Set<string>());

  private shard(key: string): Set<string> {
    let hash = 0;
    for (let i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) | 0;
    return this.shards[hash & (SHARDS - 1)]!;
  }

  has(key: string) {
    return this.shard(key).has(key);
  }

  add(key: string) {
    this.shard(key).add(key);
  }
}
