import type { List, ListWrite } from '../../contract/lists';
import { request, requestParsed } from './client';
import { lightEnvelope, lightList as list } from './light-schemas';
import type { PageParams } from './pagination';

export type { List, ListWrite };
export type ListQuery = PageParams;

const listPage = lightEnvelope(list);

export const getLists = (query: ListQuery = {}, signal?: AbortSignal) =>
  requestParsed(listPage, '/lists', { query, signal });

export const getList = (id: number, signal?: AbortSignal) =>
  requestParsed(list, `/lists/${id}`, { signal });

export const createList = (data: ListWrite) =>
  requestParsed(list, '/lists', { method: 'POST', body: data });

export const replaceList = (id: number, data: ListWrite) =>
  requestParsed(list, `/lists/${id}`, { method: 'PUT', body: data });

export const deleteList = (id: number) => request<undefined>(`/lists/${id}`, { method: 'DELETE' });

/** Extension members are present on our server only (docs/decisions/api-choices.md); other deployments lack them. */
export const supportsDoubleOptIn = (l: List) => typeof l.double_opt_in === 'boolean';
