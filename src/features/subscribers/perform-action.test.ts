import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { withRetryAfter } from './perform-action';

afterEach(() => vi.useRealTimers());

describe('withRetryAfter', () => {
  it('waits as long as a 429 asks and tries again', async () => {
    vi.useFakeTimers();
    const fn = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new ApiError(429, {}, new Headers({ 'Retry-After': '2' })))
      .mockResolvedValueOnce('ok');
    const result = withRetryAfter(fn);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('ok');
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('throws other errors at once', async () => {
    const err = new ApiError(400, { confirm: ['No.'] }, new Headers());
    const fn = vi.fn<() => Promise<string>>().mockRejectedValue(err);
    await expect(withRetryAfter(fn)).rejects.toBe(err);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
