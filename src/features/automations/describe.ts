import type { AutomationState } from '../../../contract/automations';

export const stateColor: Record<AutomationState, string> = {
  draft: 'gray',
  active: 'green',
  paused: 'yellow',
};

/** A trigger in words, as the list and the builder show it (hours in the automation's zone). */
export function triggerSummary(
  trigger: { type: string; [key: string]: unknown },
  timeZone = 'UTC',
): string {
  if (trigger.type === 'subscribed')
    return trigger.include_imports ? 'Subscribed (imports too)' : 'Subscribed';
  if (trigger.type === 'segment_entered') return `Entered segment #${String(trigger.segment)}`;
  if (trigger.type === 'date_field')
    return `${String(trigger.field)} is today, at ${String(trigger.hour)}:00 ${timeZone}`;
  return trigger.type;
}

const UNITS = { days: 24 * 60, hours: 60, minutes: 1 } as const;
export type WaitUnit = keyof typeof UNITS;

/** Minutes as the largest whole unit: 2880 → 2 days. */
export function splitMinutes(minutes: number): { amount: number; unit: WaitUnit } {
  for (const unit of ['days', 'hours'] as const)
    if (minutes % UNITS[unit] === 0) return { amount: minutes / UNITS[unit], unit };
  return { amount: minutes, unit: 'minutes' };
}

export const toMinutes = (amount: number, unit: WaitUnit) => Math.round(amount * UNITS[unit]);
