import { strToU8, zipSync } from 'fflate';
import type { Db } from '../../db/client.js';
import type { Person, PersonExport } from './source.js';
import { personDataSources } from './sources/index.js';
import { personHtml } from './person-html.js';

/** person.json's content: every source's section, read in one snapshot. */
export async function collectPerson(db: Db, person: Person): Promise<PersonExport> {
  const out: PersonExport = { email: person.email, exported_at: new Date().toISOString() };
  await db.transaction(
    async (tx) => {
      for (const source of personDataSources)
        if (source.export) out[source.section] = await source.export(tx, person);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return out;
}

/** The download: person.json for machines (art. 20), person.html for the person (art. 15). */
export function personZip(data: PersonExport): Uint8Array {
  return zipSync(
    {
      'person.json': strToU8(`${JSON.stringify(data, null, 2)}\n`),
      'person.html': strToU8(personHtml(data)),
    },
    { level: 6 },
  );
}
