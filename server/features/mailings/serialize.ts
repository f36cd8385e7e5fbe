import type { Mailing, MailingSummary } from '../../../contract/mailings.js';
import type { MailingWithVariants } from './repository.js';

/**
 * The spec's shapes: `language: null` plus our `languages`; `exclusions`/`limit` as set with
 * PATCH /api/v1/deliveries/{id} (`[]`/`null` on creation).
 */
export function serializeMailing(m: MailingWithVariants): Mailing {
  return {
    id: m.id,
    list: m.listId,
    name: m.name,
    campaign: m.campaign,
    segments: m.segments,
    variants: m.variants.map((v) => ({
      language: null,
      languages: v.languages,
      from_name: v.fromName,
      from_email: v.fromEmail,
      replyto_email: v.replytoEmail,
      subject: v.subject,
      layout: { id: v.layout.id, source: v.layout.source },
      deliveries: v.deliveries.map((d) => ({
        scheduled_datetime: d.scheduledDatetime.toISOString(),
        exclusions: d.exclusions,
        limit: d.limit,
      })),
    })),
  };
}

export const serializeMailingSummary = (row: MailingSummary): MailingSummary => ({
  id: row.id,
  name: row.name,
  campaign: row.campaign,
});
