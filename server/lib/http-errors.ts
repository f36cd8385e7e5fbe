import type { z } from 'zod';

/** A DRF-style error body: field → messages, nested where the request was nested. */
export type DrfErrors = { [field: string]: string[] | DrfErrors | DrfErrors[] };

/** An error that becomes exactly this status, body and headers (see plugins/errors.ts). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(
      typeof body === 'object' && body && 'detail' in body
        ? String(body.detail)
        : `HTTP ${statusCode}`,
    );
  }
}

export const notFound = () => new HttpError(404, { detail: 'Not found.' });

/** 400 with messages for one field: `badRequest('name', 'This field is required.')`. */
export function badRequest(field: string, ...messages: string[]): HttpError;
export function badRequest(errors: DrfErrors): HttpError;
export function badRequest(fieldOrErrors: string | DrfErrors, ...messages: string[]) {
  const body = typeof fieldOrErrors === 'string' ? { [fieldOrErrors]: messages } : fieldOrErrors;
  return new HttpError(400, body);
}

/** Thrown by the request validator so the error handler still has zod's structured issues. */
export class RequestValidationError extends Error {
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super('Invalid request');
  }
}

/**
 * zod issues → DRF body. Paths become nested objects; array indexes become arrays with `{}`
 * for valid elements, as DRF renders ListSerializer errors; root issues are non_field_errors.
 */
export function issuesToDrf(issues: readonly z.core.$ZodIssue[]): DrfErrors {
  const root: Record<string, unknown> = {};
  for (const issue of issues) {
    const path = issue.path.length
      ? issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))
      : ['non_field_errors'];
    // unrecognized_keys belongs to each unknown key, not to the object that holds them.
    const leaves =
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((k) => [...(issue.path.length ? path : []), k])
        : [path];
    for (const leaf of leaves)
      addAt(root, leaf, issue.code === 'unrecognized_keys' ? 'Unknown field.' : issue.message);
  }
  return root as DrfErrors;
}

function addAt(root: Record<string, unknown>, path: (string | number)[], message: string) {
  let node: Record<string | number, unknown> = root;
  path.forEach((key, i) => {
    const last = i === path.length - 1;
    if (last) {
      const existing = node[key];
      if (Array.isArray(existing) && existing.every((m) => typeof m === 'string'))
        existing.push(message);
      else node[key] = [message];
      return;
    }
    const nextIsIndex = typeof path[i + 1] === 'number';
    let child = node[key];
    if (
      child === undefined ||
      typeof child !== 'object' ||
      (Array.isArray(child) && !nextIsIndex)
    ) {
      child = nextIsIndex ? [] : {};
      node[key] = child;
    }
    if (nextIsIndex) {
      const list = child as unknown[];
      const index = path[i + 1] as number;
      for (let j = list.length; j <= index; j++) list.push({});
    }
    node = child as Record<string | number, unknown>;
  });
}
