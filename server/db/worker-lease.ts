import { sql } from 'drizzle-orm';
import type { Executor } from './types.js';
import { queryRows } from './query-rows.js';

/**
 * A worker that runs on one replica at a time (worker_leases, migration 0035): takes or renews
 * the lease `name` for `holder`; false while another replica holds it and it has not expired.
 */
export async function holdLease(db: Executor, name: string, holder: string, leaseMs: number) {
  const rows = await queryRows<{ holder: string }>(
    db,
    sql`INSERT INTO worker_leases (name, holder, expires)
        VALUES (${name}, ${holder}, now() + ${leaseMs} * interval '1 millisecond')
        ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires = EXCLUDED.expires
          WHERE worker_leases.holder = EXCLUDED.holder OR worker_leases.expires < now()
        RETURNING holder`,
  );
  return rows.length > 0;
}

/** Gives the lease up (a clean stop), so another replica takes it at its next round. */
export async function releaseLease(db: Executor, name: string, holder: string) {
  await db.execute(sql`DELETE FROM worker_leases WHERE name = ${name} AND holder = ${holder}`);
}
