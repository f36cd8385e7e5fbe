import { sql, type SQL } from 'drizzle-orm';
import {
  inLists,
  isoUtc,
  jsonRows,
  touched,
  type Person,
  type PersonDataSource,
} from '../source.js';

/**
 * Opens, clicks, bounces and complaints (issue 52). Statistics count these rows, so an erasure keeps them under its
 * pseudonym (one per erasure: unique counts stay right) and totals never drop. The hit
 * recorder writes a recipient row's email as it is, so opens and clicks are found by
 * (delivery, email) through the send log's index; a bounce or a complaint carries the
 * address a report gave, in any letter case, so it is matched case-insensitively within those deliveries.
 * Runs before the send log is de-identified (sources/index.ts keeps the order).
 */
function trackingSource(
  section: string,
  table: 'stat_opens' | 'stat_clicks' | 'stat_bounces' | 'stat_complaints',
  extra: SQL,
  /** What else a row says of the person: a hit's address block, user agent, method and timing (issue 51). */
  forget: SQL = sql``,
): PersonDataSource {
  const sent = (person: Person) =>
    sql`SELECT delivery_id, email FROM delivery_recipients WHERE lower(email) = ${person.email}`;
  const matches =
    table === 'stat_bounces' || table === 'stat_complaints'
      ? (person: Person) =>
          sql`t.delivery_id IN (SELECT delivery_id FROM (${sent(person)}) r)
              AND lower(t.email) = ${person.email}`
      : (person: Person) => sql`(t.delivery_id, t.email) IN (${sent(person)})`;
  return {
    section,
    export: (db, person) =>
      jsonRows(
        db,
        sql`SELECT jsonb_build_object(
              'mailing', jsonb_build_object('id', m.id, 'name', m.name),
              'datetime', ${isoUtc(sql`t.datetime`)}${extra}) AS row
            FROM ${sql.identifier(table)} t JOIN mailings m ON m.id = t.mailing_id
           WHERE ${matches(person)}${inLists(sql`m.list_id`, person.listIds)}
           ORDER BY t.datetime, t.id`,
      ),
    erase: (tx, person) =>
      touched(
        tx,
        sql`WITH kept AS (UPDATE ${sql.identifier(table)} t SET email = ${person.pseudonym}${forget}
                           WHERE ${matches(person)} RETURNING 1)
            SELECT count(*)::int AS n FROM kept`,
      ),
  };
}

const hitSignals = sql`, client_block = NULL, agent_id = NULL, seconds = NULL, head = false`;
export const opensSource = trackingSource(
  'opens',
  'stat_opens',
  sql`, 'class', t.class`,
  hitSignals,
);
export const clicksSource = trackingSource(
  'clicks',
  'stat_clicks',
  sql`, 'url', t.url, 'class', t.class`,
  hitSignals,
);
export const bouncesSource = trackingSource('bounces', 'stat_bounces', sql`, 'hard', t.hard`);
export const complaintsSource = trackingSource(
  'complaints',
  'stat_complaints',
  sql`, 'feedback_type', t.feedback_type, 'source', t.source`,
);
