import { sql } from 'drizzle-orm';

/** A clock instant as a SQL timestamp (the injected clock, not the database's). */
export const at = (when: Date) => sql`${when.toISOString()}::timestamptz`;
