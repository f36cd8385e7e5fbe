import { sql, type SQL } from 'drizzle-orm';

/**
 * The complaints of one delivery, as rows with an `email` column: what the brake and the
 * per-domain rates count (each address once). Complaints (ARF reports, provider events) are
 * recorded by the complaints work of issue 52, on another branch; until it lands this
 * selects nothing. At the merge, point it at that table, e.g.
 * `SELECT email FROM stat_complaints WHERE delivery_id = ${delivery}`.
 */
export type ComplaintRecords = (delivery: SQL) => SQL;

export const complaintRecords: ComplaintRecords = () => sql`SELECT NULL::text AS email WHERE false`;
