/**
 * A user's search text as a LIKE/ILIKE pattern fragment that matches it literally: `%`, `_`
 * and the escape character itself get a backslash, PostgreSQL's default LIKE escape. Wrap it
 * in `%…%` for "contains". The one copy of the server's search filters (campaigns, segments,
 * subscribers, the outbox).
 */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
