import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { queryRows } from '../db/query-rows.js';
import type { RawRow } from '../db/raw-row.js';
import type { serviceSecrets } from '../db/schema/index.js';

/**
 * A secret the service generates once and keeps in `service_secrets`, so every replica
 * (and every restart) shares it: the first replica to ask writes it, the others read it.
 */
export async function sharedSecret(db: Executor, name: string): Promise<string> {
  await db.execute(
    sql`INSERT INTO service_secrets (name, value)
        VALUES (${name}, ${randomBytes(32).toString('base64url')})
        ON CONFLICT (name) DO NOTHING`,
  );
  const [row] = await queryRows<Pick<RawRow<typeof serviceSecrets>, 'value'>>(
    db,
    sql`SELECT value FROM service_secrets WHERE name = ${name}`,
  );
  return row!.value;
}
