import type { PGlite } from '@electric-sql/pglite';

/**
 * A consistent gzipped tarball of a PGlite data directory. CHECKPOINT first, so the copy
 * needs little WAL replay; then PGlite's own dump, taken while no transaction is open (a
 * transaction holds PGlite's transaction mutex across its statements), so the copy is the
 * state between two transactions. Layout images live in the database (layout_files), so
 * they are part of it.
 */
export async function dumpPglite(client: PGlite): Promise<Uint8Array> {
  await client.exec('CHECKPOINT');
  const blob = await client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
  return new Uint8Array(await blob.arrayBuffer());
}
