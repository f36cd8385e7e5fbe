import { z } from 'zod';
import { datetime, emailAddress, languageCode } from './common.js';

export const subscriptionStates = [
  'active',
  'pending',
  'bounced',
  'unsubscribed',
  'deleted',
] as const;
export const subscriptionState = z.enum(subscriptionStates);
export type SubscriptionState = z.infer<typeof subscriptionState>;

/** Extension: subscribers of a list per state, read-only. */
export const subscriberCounts = z.object(
  Object.fromEntries(subscriptionStates.map((s) => [s, z.number().int()])) as Record<
    SubscriptionState,
    z.ZodNumber
  >,
);
export type SubscriberCounts = z.infer<typeof subscriberCounts>;

/** A list as the API returns it. Extension members are optional: other deployments lack them. */
export const list = z.looseObject({
  id: z.number().int(),
  create_datetime: datetime,
  create_user: z.number().int().nullable(),
  update_datetime: datetime,
  update_user: z.number().int().nullable(),
  name: z.string(),
  default_from_name: z.string(),
  default_from_email: z.string(),
  default_replyto_email: z.string(),
  default_language: z.string(),
  languages: z.array(z.string()),
  double_opt_in: z.boolean().optional(),
  subscriber_counts: subscriberCounts.optional(),
});
export type List = z.infer<typeof list>;

/**
 * Writable fields for POST and PUT (docs/decisions/api-choices.md): name, default_from_name and
 * default_from_email required; default_language defaults to `en` and must be one of
 * `languages`, which defaults to `[default_language]`. Read-only members sent back by a
 * client (id, timestamps, counts) are ignored, as DRF does.
 */
export const listWrite = z.object({
  name: z.string().trim().min(1).max(200),
  default_from_name: z.string().trim().min(1).max(200),
  default_from_email: emailAddress,
  default_replyto_email: z.union([z.literal(''), emailAddress]).optional(),
  default_language: languageCode.optional(),
  languages: z.array(languageCode).min(1).optional(),
  double_opt_in: z.boolean().optional(),
});
export type ListWrite = z.infer<typeof listWrite>;

export const listPatch = listWrite.partial();
export type ListPatch = z.infer<typeof listPatch>;

export const listOrderingFields = ['id', 'name', 'create_datetime', 'update_datetime'] as const;
