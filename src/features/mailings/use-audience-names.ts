import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { mailingQueries } from './queries';

/**
 * Names for the campaign and segment ids a mailing stores. Where the API lacks the
 * extensions (or a name is unknown) the id is all there is, so that is what is shown.
 */
export function useAudienceNames(listId: number | undefined) {
  const campaigns = useQuery(mailingQueries.namedCampaigns());
  const segments = useQuery({
    ...mailingQueries.segments(listId ?? 0),
    enabled: listId !== undefined,
  });
  const campaignName = (id: number | null) => {
    if (id === null) return undefined;
    const found = campaigns.data?.supported
      ? campaigns.data.data.find((c) => c.id === id)
      : undefined;
    return found?.name ?? t`Campaign id ${id}`;
  };
  const segmentName = (id: number) => {
    const found = segments.data?.supported
      ? segments.data.data.find((s) => s.id === id)
      : undefined;
    return found?.name ?? t`Segment id ${id}`;
  };
  return { campaignName, segmentName };
}
