import { describe, expect, it } from 'vitest';
import type { Automation } from '../../api/automations';
import { triggerSummary } from './describe';
import { formPath, toBody, toForm } from './form-model';

const stats = { entered: 0, waiting: 0, sent: 0, opened: 0, clicked: 0, bounced: 0, exited: 0 };
const automation = {
  id: 1,
  list: 1,
  name: 'Welcome',
  state: 'draft',
  trigger: { type: 'subscribed', include_imports: true },
  reenter: false,
  time_zone: 'America/New_York',
  runs: { active: 0, finished: 0, exited: 0 },
  create_datetime: '2026-01-01T00:00:00.000Z',
  update_datetime: '2026-01-01T00:00:00.000Z',
  steps: [
    { id: 1, type: 'send', mailing: 7, stats },
    { id: 2, type: 'wait', minutes: 2880, stats },
    { id: 3, type: 'wait', until: { weekday: 1, hour: 9 }, stats },
    { id: 4, type: 'condition', if: { opened: 0 }, else: 'skip', stats },
  ],
} as Automation;

describe('automation form model', () => {
  it('shows waits in their largest unit and sends back what it was given', () => {
    const form = toForm(automation);
    expect(form.steps[1]).toMatchObject({ amount: 2, unit: 'days' });
    expect(form.steps[2]).toMatchObject({ unit: 'until', weekday: '1', untilHour: 9 });
    expect(toBody(form)).toEqual({
      name: 'Welcome',
      trigger: { type: 'subscribed', include_imports: true },
      reenter: false,
      time_zone: 'America/New_York',
      steps: [
        { id: 1, type: 'send', mailing: 7 },
        { id: 2, type: 'wait', minutes: 2880 },
        { id: 3, type: 'wait', until: { weekday: 1, hour: 9 } },
        { id: 4, type: 'condition', if: { opened: 0 }, else: 'skip' },
      ],
    });
  });

  it("puts the server's field errors on the builder's controls", () => {
    expect(formPath('steps.3.if.opened')).toBe('steps.3.target');
    expect(formPath('steps.1.minutes')).toBe('steps.1.amount');
    expect(formPath('steps.0.mailing')).toBe('steps.0.mailing');
    expect(formPath('trigger.segment')).toBe('segment');
    expect(formPath('time_zone')).toBe('timeZone');
    expect(
      triggerSummary({ type: 'date_field', field: 'date_of_birth', hour: 9 }, 'Europe/Paris'),
    ).toBe('date_of_birth is today, at 9:00 Europe/Paris');
    expect(formPath('non_field_errors')).toBe('root');
  });
});
