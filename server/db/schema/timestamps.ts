import { timestamp } from 'drizzle-orm/pg-core';

/** Millisecond UTC timestamps, as docs/decisions/api-choices.md promises in every response. */
export const timestamptz = (name: string) =>
  timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });
