import type { Subscriber } from '../../../contract/subscribers.js';
import type { FieldRow } from '../fields/repository.js';
import type { SubscriberRow } from './repository.js';

/** The empty value a custom field shows when a subscriber has none (docs/architecture.md §4: `""` or null). */
export const emptyCustomValue = (type: FieldRow['type']) =>
  type === 'integer' || type === 'date' || type === 'datetime' ? null : '';

/**
 * A subscriber with its custom values flat beside the built-in fields. Only fields that
 * exist now are shown, so values of a deleted field never leak out.
 */
export function serializeSubscriber(row: SubscriberRow, fields: readonly FieldRow[]): Subscriber {
  const out: Subscriber = {
    id: row.id,
    create_datetime: row.createDatetime.toISOString(),
    create_user: row.createUser,
    update_datetime: row.updateDatetime.toISOString(),
    update_user: row.updateUser,
    subscription: row.subscription,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    gender: row.gender,
    date_of_birth: row.dateOfBirth ?? null,
    language: row.language,
    region: row.region,
  };
  for (const field of fields)
    out[field.name] = row.custom[field.name] ?? emptyCustomValue(field.type);
  return out;
}
