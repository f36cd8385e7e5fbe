import { describe, expect, it } from 'vitest';
import type { DeliveryStatus } from '../../api/deliveries';
import {
  availableActions,
  isLive,
  LIVE_REFRESH_MS,
  processedPercent,
  refreshInterval,
  SCHEDULED_REFRESH_MS,
  statusLabel,
} from './delivery-rules';

const progress = (
  over: Partial<Record<'total' | 'queued' | 'sent' | 'failed' | 'bounced', number>> = {},
) => ({
  total: 10,
  queued: 10,
  sent: 0,
  failed: 0,
  bounced: 0,
  ...over,
});

describe('availableActions', () => {
  it('offers pause and cancel before and while sending, resume and cancel when paused', () => {
    expect(availableActions({ status: 'scheduled', progress: progress() })).toEqual([
      'pause',
      'cancel',
    ]);
    expect(availableActions({ status: 'running', progress: progress() })).toEqual([
      'pause',
      'cancel',
    ]);
    expect(availableActions({ status: 'paused', progress: progress() })).toEqual([
      'resume',
      'cancel',
    ]);
  });

  it('offers "retry failed" only when some failed and the delivery has started', () => {
    const failed = progress({ queued: 0, sent: 8, failed: 2 });
    expect(availableActions({ status: 'done', progress: failed })).toEqual(['retry']);
    expect(availableActions({ status: 'paused', progress: failed })).toEqual([
      'resume',
      'cancel',
      'retry',
    ]);
    expect(
      availableActions({ status: 'done', progress: progress({ queued: 0, sent: 10 }) }),
    ).toEqual([]);
    expect(availableActions({ status: 'cancelled', progress: failed })).toEqual([]);
    expect(availableActions({ status: 'missed', progress: progress() })).toEqual([]);
  });
});

describe('progress', () => {
  it('counts sent, failed and bounced as processed, rounded down, and copes with no recipients', () => {
    expect(processedPercent(progress({ queued: 3, sent: 5, failed: 1, bounced: 1 }))).toBe(70);
    expect(processedPercent(progress({ total: 3, queued: 1, sent: 2 }))).toBe(66);
    expect(processedPercent(progress({ total: 0, queued: 0 }))).toBe(0);
  });

  it('polls only scheduled and running deliveries and names every status', () => {
    expect(
      ['scheduled', 'running', 'paused', 'done'].map((status) =>
        isLive({ status: status as DeliveryStatus }),
      ),
    ).toEqual([true, true, false, false]);
    const now = Date.parse('2026-01-01T12:00:00Z');
    const at = (status: string, minutes: number) => ({
      status: status as DeliveryStatus,
      scheduled_datetime: new Date(now + minutes * 60_000).toISOString(),
    });
    expect(refreshInterval([at('done', -5), at('scheduled', 60)], now)).toBe(SCHEDULED_REFRESH_MS);
    expect(refreshInterval([at('scheduled', 60), at('scheduled', 1)], now)).toBe(LIVE_REFRESH_MS);
    expect(refreshInterval([at('running', -60)], now)).toBe(LIVE_REFRESH_MS);
    expect(refreshInterval([at('done', -5), at('cancelled', 5)], now)).toBe(false);
    expect(statusLabel('missed').label).toBe('Missed');
    expect(statusLabel('running').label).toBe('Sending');
  });
});
