import { envelope } from '../../contract/common';
import {
  automation,
  automationRun,
  type Automation,
  type AutomationWrite,
  type RunState,
} from '../../contract/automations';
import { extension, request, requestParsed } from './client';

export type { Automation, AutomationWrite, RunState };

export const AUTOMATIONS_EXTENSION = 'automations';
const base = (listId: number) => `/lists/${listId}/automations`;

/** A list's automations (extension, issue 31): `{supported: false}` where the API has none. */
export const getAutomations = (listId: number, signal?: AbortSignal) =>
  extension(AUTOMATIONS_EXTENSION, () =>
    requestParsed(envelope(automation), base(listId), { query: { page_size: 1000 }, signal }),
  );

export const getAutomation = (listId: number, id: number, signal?: AbortSignal) =>
  requestParsed(automation, `${base(listId)}/${id}`, { signal });

export const createAutomation = (listId: number, body: AutomationWrite) =>
  requestParsed(automation, base(listId), { method: 'POST', body });

export const updateAutomation = (listId: number, id: number, body: Partial<AutomationWrite>) =>
  requestParsed(automation, `${base(listId)}/${id}`, { method: 'PATCH', body });

export const deleteAutomation = (listId: number, id: number) =>
  request(`${base(listId)}/${id}`, { method: 'DELETE' });

export const setAutomationState = (listId: number, id: number, action: 'activate' | 'pause') =>
  requestParsed(automation, `${base(listId)}/${id}/${action}`, { method: 'POST' });

export const getAutomationRuns = (
  listId: number,
  id: number,
  query: { page?: number; state?: RunState },
  signal?: AbortSignal,
) =>
  requestParsed(envelope(automationRun), `${base(listId)}/${id}/runs`, {
    query: { ...query, page_size: 20 },
    signal,
  });
