import { describe, expect, it } from 'vitest';
import { rangeToQuery } from './statistics';

describe('rangeToQuery', () => {
  it('maps start to to_datetime and end to from_datetime (the spec’s literal wording)', () => {
    expect(
      rangeToQuery({ start: new Date('2025-03-01T00:00:00Z'), end: '2025-03-31T23:59:59Z' }),
    ).toEqual({
      to_datetime: '2025-03-01T00:00:00.000Z',
      from_datetime: '2025-03-31T23:59:59Z',
    });
  });

  it('leaves open ends out', () => {
    expect(rangeToQuery({ start: '2025-03-01T00:00:00Z' })).toEqual({
      to_datetime: '2025-03-01T00:00:00Z',
    });
    expect(rangeToQuery(undefined)).toEqual({});
  });
});
