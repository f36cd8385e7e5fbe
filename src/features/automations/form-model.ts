import type { Automation, AutomationWrite } from '../../api/automations';
import type { AutomationStep } from '../../../contract/automations';
import { splitMinutes, toMinutes, type WaitUnit } from './describe';

/** A step as the builder edits it (every kind's fields, so switching kind keeps input). */
export type StepForm = {
  /** The stored step's id (absent on a new step); not `id`, which useFieldArray uses. */
  stepId?: number;
  type: 'wait' | 'send' | 'condition';
  amount: number;
  /** `until`: the next `untilHour` (the automation's time zone), on `weekday` ('' any day, '0' Sunday … '6'). */
  unit: WaitUnit | 'until';
  weekday: string;
  untilHour: number;
  mailing: string;
  ifKind: 'opened' | 'clicked' | 'segment';
  target: string;
  segment: string;
  otherwise: 'stop' | 'skip';
};

export type AutomationForm = {
  name: string;
  triggerType: 'subscribed' | 'segment_entered' | 'date_field';
  includeImports: boolean;
  segment: string;
  field: string;
  hour: number;
  reenter: boolean;
  /** The IANA zone of `hour` and of the waits' `untilHour`. */
  timeZone: string;
  steps: StepForm[];
};

export const newStep = (type: StepForm['type']): StepForm => ({
  type,
  amount: 1,
  unit: 'days',
  weekday: '',
  untilHour: 9,
  mailing: '',
  ifKind: 'opened',
  target: '',
  segment: '',
  otherwise: 'stop',
});

/** A new automation: its hours in `timeZone` (the builder passes the browser's). */
export const emptyForm = (timeZone: string): AutomationForm => ({
  name: '',
  triggerType: 'subscribed',
  includeImports: false,
  segment: '',
  field: 'date_of_birth',
  hour: 9,
  reenter: false,
  timeZone,
  steps: [newStep('send')],
});

/** The server's automation → the builder's values. */
export function toForm(a: Automation): AutomationForm {
  const t = a.trigger as Record<string, unknown>;
  return {
    name: a.name,
    triggerType: a.trigger.type as AutomationForm['triggerType'],
    includeImports: t.include_imports === true,
    segment: t.segment === undefined ? '' : String(t.segment),
    field: typeof t.field === 'string' ? t.field : 'date_of_birth',
    hour: typeof t.hour === 'number' ? t.hour : 9,
    reenter: a.reenter,
    timeZone: a.time_zone,
    steps: a.steps.map((raw) => {
      const s = raw as unknown as AutomationStep & { id: number };
      const base = { ...newStep(s.type), stepId: s.id };
      if (s.type === 'wait' && s.until)
        return {
          ...base,
          unit: 'until' as const,
          weekday: s.until.weekday === undefined ? '' : String(s.until.weekday),
          untilHour: s.until.hour,
        };
      if (s.type === 'wait') return { ...base, ...splitMinutes(s.minutes ?? 60) };
      if (s.type === 'send') return { ...base, mailing: String(s.mailing) };
      const kind = 'opened' in s.if ? 'opened' : 'clicked' in s.if ? 'clicked' : 'segment';
      return {
        ...base,
        ifKind: kind,
        target:
          'opened' in s.if ? String(s.if.opened) : 'clicked' in s.if ? String(s.if.clicked) : '',
        segment: 'segment' in s.if ? String(s.if.segment) : '',
        otherwise: s.else ?? 'stop',
      };
    }),
  };
}

/** The builder's values → the API body (numbers parsed; empty choices sent as 0 for a 400). */
export function toBody(f: AutomationForm): AutomationWrite {
  const trigger: AutomationWrite['trigger'] =
    f.triggerType === 'subscribed'
      ? { type: 'subscribed', include_imports: f.includeImports }
      : f.triggerType === 'segment_entered'
        ? { type: 'segment_entered', segment: Number(f.segment) }
        : { type: 'date_field', field: f.field, hour: f.hour };
  const steps = f.steps.map((s): AutomationStep => {
    const id = s.stepId === undefined ? {} : { id: s.stepId };
    if (s.type === 'wait') {
      if (s.unit !== 'until') return { ...id, type: 'wait', minutes: toMinutes(s.amount, s.unit) };
      const weekday = s.weekday === '' ? {} : { weekday: Number(s.weekday) };
      return { ...id, type: 'wait', until: { ...weekday, hour: s.untilHour } };
    }
    if (s.type === 'send') return { ...id, type: 'send', mailing: Number(s.mailing) };
    const when =
      s.ifKind === 'segment'
        ? { segment: Number(s.segment) }
        : s.ifKind === 'opened'
          ? { opened: Number(s.target === '' ? -1 : s.target) }
          : { clicked: Number(s.target === '' ? -1 : s.target) };
    return { ...id, type: 'condition', if: when, else: s.otherwise };
  });
  return { name: f.name, trigger, steps, reenter: f.reenter, time_zone: f.timeZone };
}

/** Where an API error path (`steps.2.if.opened`) shows in the builder (`steps.2.target`). */
export function formPath(path: string): string {
  const trigger = /^trigger\.(segment|field|hour)$/.exec(path);
  if (trigger) return trigger[1]!;
  const step = /^steps\.(\d+)\.(.+)$/.exec(path);
  if (step) {
    const [, i, rest] = step;
    const field =
      rest === 'minutes'
        ? 'amount'
        : rest!.startsWith('until')
          ? 'untilHour'
          : rest === 'mailing'
            ? 'mailing'
            : rest === 'if.segment'
              ? 'segment'
              : rest!.startsWith('if')
                ? 'target'
                : 'type';
    return `steps.${i}.${field}`;
  }
  if (path.startsWith('steps.')) return `steps.${path.split('.')[1]}.type`;
  if (path === 'time_zone') return 'timeZone';
  return path === 'name' || path === 'reenter' ? path : 'root';
}
