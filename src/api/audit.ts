import type { AuditEntry } from '../../contract/account';
import { extension, request } from './client';

export type { AuditEntry };
export type AuditQuery = {
  user?: number;
  resource_type?: string;
  action?: string;
  since?: string;
  until?: string;
  cursor?: string;
};
export type AuditPage = { next: string | null; results: AuditEntry[] };

/** One page of the audit log, newest first (extension); `next` carries the cursor. */
export const getAuditPage = (query: AuditQuery, signal?: AbortSignal) =>
  extension('audit', () => request<AuditPage>('/audit', { query, signal }));

/** The cursor of a `next` path, to keep it in the screen's address. */
export const cursorOf = (next: string | null) =>
  next ? (new URLSearchParams(next.split('?')[1] ?? '').get('cursor') ?? undefined) : undefined;
