import { envelope } from '../../contract/common';
import { z } from 'zod';
import {
  campaign,
  campaignMailingStats,
  type CampaignMailingStats,
  type CampaignWrite,
} from '../../contract/campaigns';
import { extension, requestParsed } from './client';
import { allPages } from './pagination';

export type { CampaignMailingStats, CampaignWrite };

const campaignPage = envelope(campaign);
export const CAMPAIGNS_EXTENSION = 'campaigns';

/**
 * Campaigns are our extension (docs/decisions/api-choices.md): `{supported: false}` where the API has none, and
 * screens fall back to the bare ids the spec knows.
 */
export const getAllCampaigns = (signal?: AbortSignal) =>
  extension(CAMPAIGNS_EXTENSION, () =>
    allPages((page) =>
      requestParsed(campaignPage, '/campaigns', { query: { page, page_size: 1000 }, signal }),
    ),
  );

export const createCampaign = (data: CampaignWrite) =>
  requestParsed(campaign, '/campaigns', { method: 'POST', body: data });

export const getCampaignComparison = (id: number, signal?: AbortSignal) =>
  requestParsed(z.array(campaignMailingStats), `/campaigns/${id}/mailings`, { signal });
