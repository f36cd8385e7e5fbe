import { z } from 'zod';
import { datetime, emailAddress } from './common.js';
import { customFieldValue, storableDate, storableText, type CustomField } from './fields.js';
import { subscriptionState, subscriptionStates, type SubscriptionState } from './lists.js';

export { subscriptionState, subscriptionStates, type SubscriptionState };

export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;

export const genders = ['', 'm', 'f'] as const;
export const gender = z.enum(genders);

/**
 * A subscriber as the API returns it. Custom shared and list fields are extra flat members
 * (discover them through OPTIONS), hence a loose object.
 */
export const subscriber = z.looseObject({
  id: z.number().int(),
  create_datetime: datetime,
  create_user: z.number().int().nullable(),
  update_datetime: datetime,
  update_user: z.number().int().nullable(),
  subscription: subscriptionState,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  gender: z.string(),
  date_of_birth: z.string().nullable(),
  language: z.string(),
  region: z.string(),
});
export type Subscriber = z.infer<typeof subscriber>;

/** ISO-3166-1 alpha-2 or ISO-3166-2 shape, or empty; whether the code exists is the
 * server's check. */
export const regionCodeFormat = z
  .string()
  .regex(
    /^([A-Za-z]{2}(-[A-Za-z0-9]{1,3})?)?$/,
    'Enter a valid ISO-3166-1 country code or ISO-3166-2 subdivision code.',
  );

/** Two lowercase letters, or empty (unknown). */
const optionalLanguageCode = z
  .string()
  .regex(/^([a-z]{2})?$/, 'Enter a valid ISO-639-1 language code (two lowercase letters).');

const DATE_MESSAGE = 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.';
const optionalDate = z
  .string()
  .refine((v) => v === '' || storableDate.safeParse(v).success, DATE_MESSAGE)
  .transform((v) => (v === '' ? null : v))
  .nullable();

/**
 * The built-in writable fields, for POST and PUT (email required). The email is trimmed and
 * otherwise kept as given; an empty `date_of_birth` (`""`) becomes null; `language` must
 * also be one of the list's languages and `region` a known code (server checks). Read-only
 * members and unknown members are ignored, as DRF does; custom fields are validated by
 * `subscriberWriteWith`.
 */
export const subscriberWrite = z.object({
  email: z.string().trim().pipe(emailAddress),
  first_name: storableText().max(NAME_MAX_LENGTH).optional(),
  last_name: storableText().max(NAME_MAX_LENGTH).optional(),
  gender: gender.optional(),
  date_of_birth: optionalDate.optional(),
  language: optionalLanguageCode.optional(),
  region: regionCodeFormat.optional(),
});
export type SubscriberWrite = z.input<typeof subscriberWrite>;

/** PATCH: any subset of the writable fields. */
export const subscriberPatch = subscriberWrite.partial();
export type SubscriberPatch = z.input<typeof subscriberPatch>;

type FieldRule = Pick<CustomField, 'name' | 'type' | 'required' | 'max_length' | 'choices'>;

/**
 * The write schema of a list's subscribers: built-in fields plus the list's custom fields
 * (shared and own). On create and PUT (`partial: false`) a required custom field must be
 * present and non-empty; on PATCH every member is optional.
 */
export function subscriberWriteWith(fields: readonly FieldRule[], options: { partial: boolean }) {
  const base = options.partial ? subscriberPatch : subscriberWrite;
  const custom = Object.fromEntries(
    fields.map((f) => {
      const value = customFieldValue(f);
      return [f.name, options.partial || !f.required ? value.optional() : value];
    }),
  );
  return base.extend(custom);
}

/** `POST …/subscribers/{id}/activate`: `confirm` overrides the list's opt-in process. */
export const activateBody = z.object({ confirm: z.boolean().nullable().optional() });
export type ActivateBody = z.infer<typeof activateBody>;

/** Response of activate and unsubscribe. */
export const subscriptionStatus = z.looseObject({ status: subscriptionState });

/**
 * Filters of the subscribers collection; `email` is an exact, case-insensitive match,
 * `search` (extension) a substring of email, first or last name, ignoring case and accents.
 */
export type SubscriberQuery = {
  subscription?: SubscriptionState;
  email?: string;
  search?: string;
  /** Extension (issue 50): `true` lists only those whose mail is paused now. */
  paused?: 'true';
  page?: number;
  page_size?: number;
  ordering?: string;
};

/** Longer than any email plus a full name: a longer `search` is a client's mistake (400). */
export const SEARCH_MAX_LENGTH = 300;
/** The `search` query parameter (extension): trimmed; empty means no search. */
export const subscriberSearch = z
  .string()
  .max(SEARCH_MAX_LENGTH)
  .refine((v) => !v.includes('\u0000'), 'Null characters are not allowed.')
  .transform((v) => v.trim());

/**
 * The page sizes the dashboard offers for a list's subscribers, up to the server's maximum
 * of 1,000 (long pages are virtualized). The server plans its page statement once per
 * connection for these sizes (server/features/subscribers/page-statement.ts).
 */
export const SUBSCRIBER_PAGE_SIZES = [25, 50, 100, 250, 500, 1000] as const;

/**
 * `ordering` fields the collection accepts (each backed by an index on a list's
 * subscribers); prefix with `-` for descending. `email` orders case-insensitively.
 */
export const subscriberOrderingFields = ['id', 'email', 'subscription'] as const;

// Introspection (OPTIONS), shaped like Django REST framework's SimpleMetadata.

export const descriptorTypes = [
  'integer',
  'datetime',
  'field',
  'email',
  'string',
  'choice',
  'date',
] as const;
export type DescriptorType = (typeof descriptorTypes)[number];

export const fieldDescriptor = z.looseObject({
  type: z.enum(descriptorTypes),
  required: z.boolean(),
  read_only: z.boolean(),
  label: z.string(),
  max_length: z.number().int().optional(),
  choices: z.array(z.object({ display_name: z.string(), value: z.string() })).optional(),
  help_text: z.string().optional(),
});
export type FieldDescriptor = z.infer<typeof fieldDescriptor>;

export const subscribersIntrospection = z.looseObject({
  name: z.string(),
  description: z.string().optional(),
  renders: z.array(z.string()),
  parses: z.array(z.string()),
  actions: z.looseObject({ POST: z.record(z.string(), fieldDescriptor) }),
});
export type SubscribersIntrospection = z.infer<typeof subscribersIntrospection>;

/**
 * One entry of a subscriber's history (extension, issue 15): `created`, a field `changed`
 * (custom fields by name) or a `state` change, with old and new value; by which user,
 * how (`via`: form = the dashboard, api, import, or a recipient's unsubscribe / opt-in link or a
 * bounce; null when unknown) and when.
 */
/**
 * Changes made by a recipient through a message (sending; `preference-centre`: the page
 * behind a message's "Manage your subscription" link, issue 50), a sign-up form, a bounce
 * report or a spam complaint (issue 52).
 */
export const subscriberChangeVias = [
  'unsubscribe-link',
  'opt-in-link',
  'bounce',
  'signup-form',
  'preference-centre',
  'complaint',
] as const;
export type SubscriberChangeVia = (typeof subscriberChangeVias)[number];

export const historyEntry = z.looseObject({
  id: z.number(),
  at: z.string(),
  /** `message`: a message sent to them outside deliveries (`field` `confirmation`: opt-in). */
  kind: z.enum(['created', 'changed', 'state', 'message']),
  via: z.enum(['form', 'api', 'import', ...subscriberChangeVias]).nullable(),
  user: z.object({ id: z.number(), username: z.string().nullable() }).nullable(),
  import: z.object({ id: z.number(), file: z.string().nullable() }).nullable(),
  field: z.string().nullable(),
  old_value: z.unknown(),
  new_value: z.unknown(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

/** A subscriber of one list as the people search (`GET /api/v1/subscribers`) returns it. */
export const personSubscription = subscriber.extend({
  list: z.object({ id: z.number(), name: z.string() }),
});
export type PersonSubscription = z.infer<typeof personSubscription>;
