import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../db/client.js';
import { pgliteExtensions } from '../db/pglite-extensions.js';
import { TEMPLATE_PATH } from './template.js';

/**
 * Migrates one PGlite database and saves it as a tarball: each test file then starts from a
 * copy in ~0.5 s instead of paying PGlite.create() plus every migration again.
 */
export default async function setup() {
  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  const database = await openDatabase({ pglite });
  await database.migrate();
  const dump = await pglite.dumpDataDir('gzip');
  await mkdir(path.dirname(TEMPLATE_PATH), { recursive: true });
  // Written beside and renamed: a new file, never the old one rewritten in place, which may
  // be a hard link shared with another checkout's node_modules (and its migrations).
  const partial = `${TEMPLATE_PATH}.${process.pid}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, TEMPLATE_PATH);
  await database.close();
}
