import { z } from 'zod';
import { storableText } from './fields.js';

/**
 * Campaigns (extension, docs/decisions/api-choices.md): what a mailing's `campaign` id refers to. Names are
 * unique across the service, so marketers pick a campaign by name.
 */
export const CAMPAIGN_NAME_MAX = 200;
export const CAMPAIGN_DESCRIPTION_MAX = 2000;

export const campaignWrite = z.strictObject({
  name: storableText().trim().min(1, 'This field may not be blank.').max(CAMPAIGN_NAME_MAX),
  description: storableText().max(CAMPAIGN_DESCRIPTION_MAX).optional(),
});
export type CampaignWrite = z.infer<typeof campaignWrite>;

export const campaign = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
});
export type Campaign = z.infer<typeof campaign>;

/** GET /api/v1/campaigns/{id}/mailings (extension): the campaign's mailings compared. */
export const campaignMailingStats = z.looseObject({
  mailing: z.number().int(),
  name: z.string(),
  opens: z.number().int(),
  unique_opens: z.number().int(),
  clicks: z.number().int(),
  unique_clicks: z.number().int(),
  hard_bounces: z.number().int(),
  soft_bounces: z.number().int(),
});
export type CampaignMailingStats = z.infer<typeof campaignMailingStats>;
