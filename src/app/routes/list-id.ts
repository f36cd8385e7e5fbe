import { data, useParams } from 'react-router';

/** The `:listId` of the URL as a number; anything else is the 404 page. */
export function useListId(): number {
  const { listId } = useParams();
  const id = Number(listId);
  if (!/^\d+$/.test(listId ?? '') || !Number.isSafeInteger(id))
    throw data('Not found', { status: 404 });
  return id;
}

export const listIdFrom = (params: { listId?: string }) => {
  const id = Number(params.listId);
  return /^\d+$/.test(params.listId ?? '') && Number.isSafeInteger(id) ? id : undefined;
};
