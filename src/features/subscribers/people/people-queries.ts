import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { searchPeople, type PeopleQuery } from '../../../api/subscribers';
import { subscriberQueries } from '../queries';

/** People across lists (extension): search results and one address's subscriptions. */
export const peopleQueries = {
  all: () => [...subscriberQueries.all(), 'people'] as const,
  search: (query: PeopleQuery) =>
    queryOptions({
      queryKey: [...peopleQueries.all(), 'search', query] as const,
      queryFn: ({ signal }) => searchPeople(query, signal),
      placeholderData: keepPreviousData,
    }),
  /** Every list the address is in (deleted subscriptions left out, as in a list). */
  person: (email: string) =>
    queryOptions({
      queryKey: [...peopleQueries.all(), 'person', email.toLowerCase()] as const,
      queryFn: ({ signal }) => searchPeople({ email, page_size: 1000 }, signal),
    }),
};
