import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../api/errors';
import { applyFieldErrors, applyServerErrors } from './server-errors';

type Values = { name: string; languages: string[]; default_language: string };
const fields = ['name', 'languages', 'default_language'] as const;
const bad = (body: unknown) => new ApiError(400, body, new Headers());

describe('applyServerErrors', () => {
  it('puts each 400 message on its field, nested ones on the nearest field', () => {
    const setError = vi.fn();
    const leftover = applyServerErrors<Values>(
      bad({ name: ['Too long.', 'Odd.'], languages: { '1': ['"xx" is not a valid choice.'] } }),
      setError,
      fields,
    );
    expect(leftover).toEqual([]);
    expect(setError).toHaveBeenCalledWith(
      'name',
      { type: 'server', message: 'Too long. Odd.' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenCalledWith(
      'languages',
      { type: 'server', message: '"xx" is not a valid choice.' },
      { shouldFocus: false },
    );
  });

  it('returns what belongs to no field, and describes other failures', () => {
    const setError = vi.fn();
    expect(
      applyServerErrors<Values>(
        bad({ non_field_errors: ['Pick one.'], secret: ['No.'] }),
        setError,
        fields,
      ),
    ).toEqual(['Pick one.', 'secret: No.']);
    expect(setError).not.toHaveBeenCalled();
    expect(applyServerErrors<Values>(new NetworkError('unreachable'), setError, fields)[0]).toMatch(
      /cannot be reached/,
    );
    expect(applyServerErrors<Values>(bad('<html>'), setError, fields)).toEqual([
      'The server rejected the data.',
    ]);
  });

  it('applies part of a 400 already flattened, without focus when asked, and names the fields', () => {
    const setError = vi.fn();
    const result = applyFieldErrors<Values>(
      { 'languages.0': ['Unknown.'], other: ['No.'] },
      setError,
      fields,
      { focus: false },
    );
    expect(result).toEqual({ placed: ['languages'], unplaced: ['other: No.'] });
    expect(setError).toHaveBeenCalledWith(
      'languages',
      { type: 'server', message: 'Unknown.' },
      { shouldFocus: false },
    );
  });
});
