import { z } from 'zod';
import { storableText } from './fields.js';

/**
 * Campaigns (extension, docs/architecture.md §4): what a mailing's `campaign` id refers to. Names are
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
