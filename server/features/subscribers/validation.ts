import { z } from 'zod';
import {
  regionCodeFormat,
  subscriberWrite,
  subscriberWriteWith,
} from '../../../contract/subscribers.js';
import { badRequest, issuesToDrf } from '../../lib/http-errors.js';
import { canonicalRegionCode, isRegionCode } from '../../lib/region-codes.js';
import type { FieldRow } from '../fields/repository.js';
import type { ListInfo, SubscriberColumns } from './repository.js';

export type ParsedWrite = { columns: SubscriberColumns; custom: Record<string, unknown> };

const knownRegion = subscriberWrite.shape.region
  .unwrap()
  .superRefine((code, ctx) => {
    // A malformed code already has its message; one per problem, as DRF gives.
    if (code && regionCodeFormat.safeParse(code).success && !isRegionCode(code))
      ctx.addIssue({
        code: 'custom',
        message: `"${code}" is not a known ISO-3166-1 or ISO-3166-2 code.`,
      });
  })
  .transform(canonicalRegionCode);

const listLanguage = (list: ListInfo) =>
  subscriberWrite.shape.language.unwrap().superRefine((code, ctx) => {
    // A malformed code already has its message; one per problem, as DRF gives.
    if (/^[a-z]{2}$/.test(code) && !list.languages.includes(code))
      ctx.addIssue({
        code: 'custom',
        message: `"${code}" is not one of the list's languages (${list.languages.join(', ')}).`,
      });
  });

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
    language: listLanguage(list).optional(),
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
