import { describe, expect, it } from 'vitest';
import {
  ApiError,
  conflictBody,
  describeError,
  fieldErrors,
  NetworkError,
  retryAfterSeconds,
  sessionExpiredMessage,
} from './errors';

const apiError = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new ApiError(status, body, new Headers(headers));

describe('fieldErrors', () => {
  it('flattens DRF bodies, nested members and non-field errors', () => {
    const err = apiError(400, {
      name: ['This field may not be blank.'],
      languages: { '1': ['"xx" is not a valid choice.'] },
      variants: [{ subject: ['This field is required.'] }],
      non_field_errors: ['default_language must be one of languages.'],
    });
    expect(fieldErrors(err)).toEqual({
      name: ['This field may not be blank.'],
      'languages.1': ['"xx" is not a valid choice.'],
      'variants.0.subject': ['This field is required.'],
      non_field_errors: ['default_language must be one of languages.'],
    });
  });

  it('treats a top-level list or detail as non-field errors, and other statuses as none', () => {
    expect(fieldErrors(apiError(400, ['Invalid data.']))).toEqual({
      non_field_errors: ['Invalid data.'],
    });
    expect(fieldErrors(apiError(400, { detail: 'Bad.' }))).toEqual({ non_field_errors: ['Bad.'] });
    expect(fieldErrors(apiError(404, { name: ['x'] }))).toEqual({});
  });
});

describe('conflictBody and retryAfterSeconds', () => {
  it('returns the existing subscriber of a 409 only', () => {
    expect(conflictBody(apiError(409, { id: 3, subscription: 'deleted' }))).toEqual({
      id: 3,
      subscription: 'deleted',
    });
    expect(conflictBody(apiError(400, { id: 3 }))).toBeUndefined();
  });

  it('reads Retry-After in seconds or as a date, else the DRF detail', () => {
    expect(retryAfterSeconds(apiError(429, {}, { 'retry-after': '42' }))).toBe(42);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(
      retryAfterSeconds(apiError(429, {}, { 'retry-after': 'Wed, 01 Jan 2025 00:02:00 GMT' }), now),
    ).toBe(120);
    expect(
      retryAfterSeconds(
        apiError(429, { detail: 'Request was throttled. Expected available in 7 seconds.' }),
      ),
    ).toBe(7);
    expect(retryAfterSeconds(apiError(400, {}, { 'retry-after': '5' }))).toBeUndefined();
  });
});

describe('describeError', () => {
  it('says what happened and what to do', () => {
    expect(describeError(apiError(401, { detail: 'Invalid username/password.' }))).toBe(
      sessionExpiredMessage(),
    );
    expect(describeError(apiError(429, {}, { 'retry-after': '1' }))).toBe(
      'Too many attempts. Try again in 1 second.',
    );
    expect(describeError(apiError(429, {}, { 'retry-after': '600' }))).toBe(
      'Too many attempts. Try again in 10 minutes.',
    );
    expect(describeError(apiError(404, { detail: 'Not found.' }))).toMatch(/does not exist/);
    expect(describeError(apiError(403, {}))).toMatch(/not allowed/);
    expect(describeError(apiError(409, {}))).toMatch(/conflicts/);
    expect(describeError(apiError(502, '<html>'))).toMatch(/server had a problem/);
    expect(
      describeError(apiError(503, { detail: 'The database cannot be reached right now.' })),
    ).toBe('The database cannot be reached right now.');
    expect(describeError(apiError(503, '<html>', { 'retry-after': '30' }))).toBe(
      'The service is unavailable for a moment. Try again in 30 seconds.',
    );
    expect(describeError(apiError(400, { name: ['Too long.'] }))).toBe('Too long.');
    expect(describeError(new NetworkError('unreachable'))).toMatch(/cannot be reached/);
    expect(describeError(new NetworkError('timeout'))).toMatch(/too long/);
  });
});
