import { describe, expect, it } from 'vitest';
import { firstDelivery, overlayByOffset, overlayByTime, seriesTotals } from './overlay';

const ms = (iso: string) => Date.parse(iso);
const H = 3_600_000;

describe('overlayByTime', () => {
  it('fills every bucket of the window with zeros, one column per series', () => {
    const rows = overlayByTime(
      [
        { key: 'g0', points: [{ bucket: '2025-06-02T00:00:00Z', count: 4 }] },
        { key: 'g1', points: [{ bucket: '2025-06-01T00:00:00Z', count: 1 }] },
      ],
      'day',
      { start: ms('2025-06-01T00:00:00Z'), end: ms('2025-06-04T00:00:00Z') },
      ms('2025-07-01T00:00:00Z'),
    );
    expect(rows).toEqual([
      { x: ms('2025-06-01T00:00:00Z'), g0: 0, g1: 1 },
      { x: ms('2025-06-02T00:00:00Z'), g0: 4, g1: 0 },
      { x: ms('2025-06-03T00:00:00Z'), g0: 0, g1: 0 },
    ]);
  });

  it('stops at now', () => {
    const rows = overlayByTime(
      [{ key: 'g0', points: [] }],
      'hour',
      { start: ms('2025-06-01T00:00:00Z'), end: ms('2025-06-02T00:00:00Z') },
      ms('2025-06-01T02:30:00Z'),
    );
    expect(rows.map((r) => r.x)).toEqual([0, 1, 2].map((h) => ms('2025-06-01T00:00:00Z') + h * H));
  });
});

describe('overlayByOffset', () => {
  const window = { start: ms('2025-06-01T00:00:00Z'), end: ms('2025-06-04T00:00:00Z') };

  it('aligns each series on its own first delivery', () => {
    const rows = overlayByOffset(
      [
        {
          key: 'g0',
          deliveredAt: ms('2025-06-01T08:20:00Z'),
          points: [
            { bucket: '2025-06-01T08:00:00Z', count: 5 },
            { bucket: '2025-06-01T10:00:00Z', count: 2 },
          ],
        },
        {
          key: 'g1',
          deliveredAt: ms('2025-06-02T14:05:00Z'),
          points: [
            { bucket: '2025-06-02T14:00:00Z', count: 7 },
            { bucket: '2025-06-02T15:00:00Z', count: 1 },
          ],
        },
      ],
      'hour',
      window,
      ms('2025-06-02T16:10:00Z'),
    );
    expect(rows[0]).toEqual({ x: 0, g0: 5, g1: 7 });
    expect(rows[1]).toEqual({ x: 1, g0: 0, g1: 1 });
    expect(rows[2]).toEqual({ x: 2, g0: 2, g1: 0 });
    // g1 went out at 14:05 and it is 16:10: nothing can be known about its hour 3 yet.
    expect(rows[3]).toEqual({ x: 3, g0: 0 });
    expect(rows.at(-1)).toEqual({ x: 32, g0: 0 });
  });

  it('drops records before the delivery and series without one', () => {
    const rows = overlayByOffset(
      [
        {
          key: 'g0',
          deliveredAt: ms('2025-06-02T00:00:00Z'),
          points: [
            { bucket: '2025-06-01T00:00:00Z', count: 9 },
            { bucket: '2025-06-02T00:00:00Z', count: 3 },
          ],
        },
        { key: 'g1', points: [{ bucket: '2025-06-02T00:00:00Z', count: 1 }] },
      ],
      'day',
      window,
      ms('2025-07-01T00:00:00Z'),
    );
    expect(rows).toEqual([
      { x: 0, g0: 3 },
      { x: 1, g0: 0 },
    ]);
  });
});

describe('firstDelivery', () => {
  it('is the earliest delivery that has gone out', () => {
    const now = ms('2025-06-10T00:00:00Z');
    const variants = [
      {
        deliveries: [
          { scheduled_datetime: '2025-06-05T10:00:00Z' },
          { scheduled_datetime: '2025-06-20T10:00:00Z' },
        ],
      },
      { deliveries: [{ scheduled_datetime: '2025-06-03T09:00:00Z' }] },
    ];
    expect(firstDelivery(variants, now)).toBe(ms('2025-06-03T09:00:00Z'));
    expect(
      firstDelivery([{ deliveries: [{ scheduled_datetime: '2025-06-20T10:00:00Z' }] }], now),
    ).toBeUndefined();
    expect(firstDelivery([], now)).toBeUndefined();
  });
});

describe('seriesTotals', () => {
  it('adds each column, skipping gaps', () => {
    expect(
      seriesTotals(
        [
          { x: 0, g0: 2, g1: 1 },
          { x: 1, g0: 3 },
        ],
        ['g0', 'g1'],
      ),
    ).toEqual({ g0: 5, g1: 1 });
  });
});
