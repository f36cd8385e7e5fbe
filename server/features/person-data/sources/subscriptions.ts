import { sql } from 'drizzle-orm';
import { isoUtc, jsonRows, sqlIntArray, touched, type PersonDataSource } from '../source.js';

/**
 * Subscriber records: one per list, with every custom value held (also those of fields
 * deleted since, which the API no longer shows but the database still holds). Deleting the
 * records takes their opt-in confirmations and their own history rows with them (foreign
 * keys), and the lists' counters follow (triggers): the person is no longer on the lists.
 */
export const subscriptionsSource: PersonDataSource = {
  section: 'subscriptions',
  export: (db, person) =>
    jsonRows(
      db,
      sql`SELECT jsonb_build_object(
            'id', s.id, 'list', jsonb_build_object('id', l.id, 'name', l.name),
            'email', s.email, 'subscription', s.subscription,
            'first_name', s.first_name, 'last_name', s.last_name, 'gender', s.gender,
            'date_of_birth', s.date_of_birth, 'language', s.language, 'region', s.region,
            'custom_fields', s.custom,
            'create_datetime', ${isoUtc(sql`s.create_datetime`)},
            'update_datetime', ${isoUtc(sql`s.update_datetime`)}) AS row
          FROM subscribers s JOIN lists l ON l.id = s.list_id
         WHERE s.id = ANY(${sqlIntArray(person.subscriberIds)})
         ORDER BY l.name, s.id`,
    ),
  erase: (tx, person) =>
    touched(
      tx,
      sql`WITH gone AS (DELETE FROM subscribers WHERE id = ANY(${sqlIntArray(person.subscriberIds)})
                        RETURNING 1)
          SELECT count(*)::int AS n FROM gone`,
    ),
};
