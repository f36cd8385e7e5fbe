import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenBucket } from './token-bucket.js';

afterEach(() => vi.useRealTimers());

describe('tokenBucket', () => {
  it('lets a second’s worth through at once, then the rate, with no burst at a window edge', async () => {
    vi.useFakeTimers();
    const bucket = tokenBucket(5, () => performance.now());
    let passed = 0;
    for (let i = 0; i < 15; i++) void bucket.take().then(() => passed++);
    await vi.advanceTimersByTimeAsync(0);
    expect(passed).toBe(5);
    await vi.advanceTimersByTimeAsync(500);
    expect(passed).toBe(7);
    await vi.advanceTimersByTimeAsync(500);
    expect(passed).toBe(10);
    await vi.advanceTimersByTimeAsync(1000);
    expect(passed).toBe(15);
  });

  it('is unlimited at rate 0: a thousand takes pass at once, none waits for a timer', async () => {
    vi.useFakeTimers();
    const bucket = tokenBucket(0, () => performance.now());
    let passed = 0;
    for (let i = 0; i < 1000; i++) void bucket.take().then(() => passed++);
    // Only pending promise callbacks run: no fake time passes.
    await vi.advanceTimersByTimeAsync(0);
    expect(passed).toBe(1000);
    expect(vi.getTimerCount()).toBe(0);
  });
});
