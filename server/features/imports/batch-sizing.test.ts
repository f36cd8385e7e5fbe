import { describe, expect, it } from 'vitest';
import { batchSizer, type BatchSizing } from './batch-sizing.js';

const sizing: BatchSizing = { idleRows: 1000, inUseHoldMs: 60, firstInUseRows: 250, minRows: 100 };

function sizer() {
  let inUse = true;
  const s = batchSizer(sizing, () => inUse);
  return { s, setInUse: (value: boolean) => (inUse = value) };
}

describe('PGlite batch sizes', () => {
  it('are the idle size while nobody uses the API, timed or not', () => {
    const { s, setInUse } = sizer();
    setInUse(false);
    expect(s.next()).toBe(1000);
    s.committed(1000, 500);
    expect(s.next()).toBe(1000);
  });

  it('start small while the API is in use, then hold the thread for the budget', () => {
    const { s } = sizer();
    expect(s.next()).toBe(250);
    // 0.12 ms a row: 500 rows fill 60 ms.
    s.committed(250, 30);
    expect(s.next()).toBe(500);
  });

  it('weigh each new batch by half, so one slow batch does not halve the next', () => {
    const { s } = sizer();
    s.committed(500, 30); // 0.06 ms a row
    s.committed(500, 90); // 0.18 ms a row: the estimate becomes 0.12
    expect(s.next()).toBe(500);
  });

  it('stay between the smallest size and the idle size', () => {
    const { s } = sizer();
    s.committed(100, 1); // 100 rows in 1 ms would allow 6,000
    expect(s.next()).toBe(1000);
    const slow = sizer().s;
    slow.committed(100, 1000); // 10 ms a row would allow 6
    expect(slow.next()).toBe(100);
  });

  it('ignore a batch of no rows or no measured time', () => {
    const { s } = sizer();
    s.committed(0, 50);
    s.committed(100, 0);
    expect(s.next()).toBe(250);
  });
});
