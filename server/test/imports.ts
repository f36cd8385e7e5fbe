import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestContext } from './harness.js';
import { runImportJobs } from '../features/imports/index.js';

export type FormPart =
  | { name: string; value: string; contentType?: string }
  | { name: string; filename: string; content: Buffer | string; contentType?: string };

/** A multipart/form-data body, built by hand so tests control every byte of the file. */
export function multipartBody(parts: readonly FormPart[]) {
  const boundary = `----mailboard${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if ('filename' in part) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if ('filename' in part) head += `Content-Type: ${part.contentType ?? 'text/csv'}\r\n`;
    else if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`));
    chunks.push(
      'filename' in part
        ? Buffer.isBuffer(part.content)
          ? part.content
          : Buffer.from(part.content)
        : Buffer.from(part.value),
    );
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function createList(t: TestContext, extra: Record<string, unknown> = {}) {
  const res = await t.post('/api/v1/lists', {
    name: `List ${randomBytes(3).toString('hex')}`,
    default_from_name: 'Acme',
    default_from_email: 'news@acme.example',
    ...extra,
  });
  if (res.statusCode !== 201) throw new Error(`list not created: ${res.body}`);
  return res.json<{ id: number }>().id;
}

/** POSTs a file with form parameters (`[name, value]` pairs, repeated names allowed). */
export function postImport(
  t: TestContext,
  listId: number,
  content: Buffer | string,
  params: [string, string][] = [],
  filename = 'subscribers.csv',
): Promise<LightMyRequestResponse> {
  const body = multipartBody([
    { name: 'file', filename, content },
    ...params.map(([name, value]) => ({ name, value })),
  ]);
  return t.request({
    method: 'POST',
    url: `/api/v1/lists/${listId}/imports`,
    ...body,
  });
}

export type Subscriber = Record<string, unknown> & { email: string; subscription: string };

/** Every subscriber of a list in id order, deleted ones included. */
export async function allSubscribers(t: TestContext, listId: number): Promise<Subscriber[]> {
  const out: Subscriber[] = [];
  for (const state of ['active', 'pending', 'bounced', 'unsubscribed', 'deleted']) {
    const res = await t.get(
      `/api/v1/lists/${listId}/subscribers?subscription=${state}&page_size=1000`,
    );
    if (res.statusCode !== 200) throw new Error(`subscribers: ${res.statusCode} ${res.body}`);
    out.push(...res.json<{ results: Subscriber[] }>().results);
  }
  return out.sort((a, b) => Number(a.id) - Number(b.id));
}

/** Uploads, runs the job queue to the end, and returns the finished Import record. */
export async function importFile(
  t: TestContext,
  listId: number,
  content: string | Buffer,
  params: [string, string][] = [],
) {
  const created = await postImport(t, listId, content, params);
  expect(created.statusCode, created.body).toBe(201);
  await runImportJobs(t.db);
  const res = await t.get(`/api/v1/lists/${listId}/imports/${created.json().id}`);
  return res.json();
}

export const pick = (s: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, s[k]]));
