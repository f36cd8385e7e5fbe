import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { createCampaign, getAllCampaigns, type CampaignWrite } from '../../api/campaigns';
import { getAllSegments } from '../../api/segments';
import { getSubscribers } from '../../api/subscribers';
import { getTemplates } from '../../api/templates';
import {
  createMailing,
  getMailing,
  getMailings,
  type Mailing,
  type MailingQuery,
  type MailingWrite,
} from '../../api/mailings';
import type { Extension } from '../../api/client';
import { allPages } from '../../api/pagination';

/** Query keys and options of mailings (docs/architecture.md §3.1): never hand-write a key elsewhere. */
export const mailingQueries = {
  all: () => ['mailings'] as const,
  pages: () => [...mailingQueries.all(), 'page'] as const,
  page: (query: MailingQuery) =>
    queryOptions({
      queryKey: [...mailingQueries.pages(), query] as const,
      queryFn: ({ signal }) => getMailings(query, signal),
      placeholderData: keepPreviousData,
    }),
  details: () => [...mailingQueries.all(), 'detail'] as const,
  /** `{supported: false}` where the server has no single-mailing endpoint (extension). */
  detail: (id: number) =>
    queryOptions({
      queryKey: [...mailingQueries.details(), id] as const,
      queryFn: ({ signal }) => getMailing(id, signal),
    }),
  /** Templates a list may start from: its own and the global ones (extension). */
  templates: (listId: number | undefined) =>
    queryOptions({
      queryKey: [...mailingQueries.all(), 'templates', listId ?? null] as const,
      queryFn: ({ signal }) => getTemplates(listId, signal),
    }),
  /** A list's first subscribers, to preview a layout with one's data. */
  previewSubscribers: (listId: number) =>
    queryOptions({
      queryKey: [...mailingQueries.all(), 'preview-subscribers', listId] as const,
      queryFn: ({ signal }) =>
        getSubscribers(listId, { page_size: 50, subscription: 'active' }, signal),
      staleTime: 60_000,
    }),
  /** Campaign ids in use, for suggestions: the collection is the only place that has them. */
  campaigns: () =>
    queryOptions({
      queryKey: [...mailingQueries.all(), 'campaigns'] as const,
      queryFn: async ({ signal }) => {
        const items = await allPages((page) => getMailings({ page, page_size: 1000 }, signal), 10);
        const ids = new Set(items.flatMap((m) => (m.campaign === null ? [] : [m.campaign])));
        return [...ids].sort((a, b) => a - b);
      },
    }),
  /** Named campaigns (extension): `{supported: false}` where the API has only ids. */
  namedCampaigns: () =>
    queryOptions({
      queryKey: [...mailingQueries.all(), 'named-campaigns'] as const,
      queryFn: ({ signal }) => getAllCampaigns(signal),
    }),
  /** A list's segments with their reach (extension), for the picker and for names. */
  segments: (listId: number) =>
    queryOptions({
      queryKey: [...mailingQueries.all(), 'segments', listId] as const,
      queryFn: ({ signal }) => getAllSegments(listId, signal),
    }),
};

export function useCreateMailing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: MailingWrite) => createMailing(data),
    onSuccess: (mailing) => {
      const detail: Extension<Mailing> = { supported: true, data: mailing };
      queryClient.setQueryData(mailingQueries.detail(mailing.id).queryKey, detail);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: mailingQueries.pages() }),
        queryClient.invalidateQueries({ queryKey: mailingQueries.campaigns().queryKey }),
      ]);
    },
  });
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: CampaignWrite) => createCampaign(data),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: mailingQueries.namedCampaigns().queryKey }),
  });
}
