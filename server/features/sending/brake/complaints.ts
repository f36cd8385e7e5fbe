import { sql, type SQL } from 'drizzle-orm';

/**
 * The complaints of one delivery, as rows with an `email` column: what the brake and the
 * per-domain rates count (each address once: stat_complaints is unique per delivery and
 * lower-cased address, bounces/record-complaint.ts).
 */
export const complaintRecords = (delivery: SQL): SQL =>
  sql`SELECT email FROM stat_complaints WHERE delivery_id = ${delivery}`;
