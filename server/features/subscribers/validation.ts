import { z } from 'zod';
import { subscriberWrite, subscriberWriteWith } from '../../../contract/subscribers.js';
import { badRequest, issuesToDrf } from '../../lib/http-errors.js';
import { knownRegion, listLanguage } from '../../lib/subscriber-rules.js';
import type { FieldRow } from '../fields/repository.js';
import type { ListInfo, SubscriberColumns } from './repository.js';

export type ParsedWrite = { columns: SubscriberColumns; custom: Record<string, unknown> };

/**
 * Validates a subscriber write against the list (its languages and custom fields), with
 * every problem in one DRF body. Create and PUT (`partial: false`) require `email` and the
 * required custom fields; PATCH requires nothing. Members left out stay unset.
 */
export function parseSubscriberWrite(
  body: unknown,
  list: ListInfo,
  fields: readonly FieldRow[],
  partial: boolean,
): ParsedWrite {
  const rules = fields.map((f) => ({
    name: f.name,
    type: f.type,
    required: f.required,
    max_length: f.maxLength ?? undefined,
    choices: f.choices ?? undefined,
  }));
  const schema = subscriberWriteWith(rules, { partial }).extend({
    language: listLanguage(list.languages).optional(),
    region: knownRegion.optional(),
  });
  const result = schema.safeParse(body === undefined ? {} : body);
  if (!result.success) throw badRequest(issuesToDrf(result.error.issues));
  const data = result.data as z.output<typeof subscriberWrite> & Record<string, unknown>;
  const given = {
    email: data.email,
    firstName: data.first_name,
    lastName: data.last_name,
    gender: data.gender,
    dateOfBirth: data.date_of_birth,
    language: data.language,
    region: data.region,
  };
  const columns = Object.fromEntries(
    Object.entries(given).filter(([, value]) => value !== undefined),
  ) as SubscriberColumns;
  const custom: Record<string, unknown> = {};
  for (const f of fields) if (data[f.name] !== undefined) custom[f.name] = data[f.name];
  return { columns, custom };
}
