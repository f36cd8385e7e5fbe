import { z } from 'zod';
import { subscriberWrite, subscriberWriteWith } from '../../../contract/subscribers.js';
import { badRequest, issuesToDrf } from '../../lib/http-errors.js';
import { knownRegion, listLanguage } from '../../lib/subscriber-rules.js';
import type { FieldRow } from '../fields/index.js';
import type { ListInfo, SubscriberColumns } from './repository.js';

export type ParsedWrite = { columns: SubscriberColumns; custom: Record<string, unknown> };

function buildWriteSchema(fields: readonly FieldRow[], languages: string[], partial: boolean) {
  const rules = fields.map((f) => ({
    name: f.name,
    type: f.type,
    required: f.required,
    max_length: f.maxLength ?? undefined,
    choices: f.choices ?? undefined,
  }));
  return subscriberWriteWith(rules, { partial }).extend({
    language: listLanguage(languages).optional(),
    region: knownRegion.optional(),
  });
}

type WriteSchema = ReturnType<typeof buildWriteSchema>;

/**
 * Write schemas by the list's fields as kept in memory (list-fields.ts: one array per list and
 * fields version, so a changed field gives a new array and a new schema), then by kind and
 * languages. zod compiles an object schema into a parser on its first use: built for each
 * request, that took ~0.2 ms of a creation's ~1.5 ms of server CPU.
 */
const schemas = new WeakMap<readonly FieldRow[], Map<string, WriteSchema>>();
/** A list's languages change rarely; this bounds what a list that keeps changing them holds. */
const MAX_SCHEMAS_PER_FIELDS = 20;

function writeSchema(fields: readonly FieldRow[], languages: string[], partial: boolean) {
  let byKey = schemas.get(fields);
  if (!byKey) schemas.set(fields, (byKey = new Map()));
  const key = `${partial ? 'patch' : 'full'}:${languages.join(',')}`;
  let schema = byKey.get(key);
  if (!schema) {
    if (byKey.size >= MAX_SCHEMAS_PER_FIELDS) byKey.clear();
    byKey.set(key, (schema = buildWriteSchema(fields, languages, partial)));
  }
  return schema;
}

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
  const schema = writeSchema(fields, list.languages, partial);
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
