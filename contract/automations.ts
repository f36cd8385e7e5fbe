import { z } from 'zod';
import { storableText } from './fields.js';
import { timeZoneName } from './time-zones.js';

/**
 * Automations (extension, issue 31, docs/decisions/automations.md): a list's trigger and ordered
 * steps, run once per subscriber. Conditions name a previous send step by its index in
 * `steps`; the server stores the step's id instead, so editing the steps around it keeps
 * what the condition means.
 */
export const AUTOMATION_NAME_MAX = 200;
export const AUTOMATION_STEPS_MAX = 50;
/** A wait of up to a year. */
export const WAIT_MINUTES_MAX = 366 * 24 * 60;

export const automationStates = ['draft', 'active', 'paused'] as const;
export type AutomationState = (typeof automationStates)[number];
export const runStates = ['active', 'finished', 'exited'] as const;
export type RunState = (typeof runStates)[number];

const id = z.number().int().positive();
const hour = z.number().int().min(0).max(23);

export const automationTrigger = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('subscribed'), include_imports: z.boolean().optional() }),
  z.strictObject({ type: z.literal('segment_entered'), segment: id }),
  z.strictObject({
    type: z.literal('date_field'),
    /** `date_of_birth` or a custom field of type date. */
    field: z.string().trim().min(1).max(100),
    /** The hour of the day (in the automation's time zone) at which the day's runs start. */
    hour,
  }),
]);
export type AutomationTrigger = z.infer<typeof automationTrigger>;

const stepIndex = z
  .number()
  .int()
  .min(0)
  .max(AUTOMATION_STEPS_MAX - 1);

const waitStep = z.strictObject({
  id: id.optional(),
  type: z.literal('wait'),
  minutes: z.number().int().min(1).max(WAIT_MINUTES_MAX).optional(),
  /** Until the next such hour (the automation's time zone), on this weekday (0 = Sunday). */
  until: z.strictObject({ weekday: z.number().int().min(0).max(6).optional(), hour }).optional(),
});
const sendStep = z.strictObject({ id: id.optional(), type: z.literal('send'), mailing: id });
const conditionStep = z.strictObject({
  id: id.optional(),
  type: z.literal('condition'),
  if: z.union([
    z.strictObject({ opened: stepIndex }),
    z.strictObject({ clicked: stepIndex }),
    z.strictObject({ segment: id }),
  ]),
  /** When the condition does not hold: end the run, or skip the next step. */
  else: z.enum(['stop', 'skip']).optional(),
});
export const automationStep = z.discriminatedUnion('type', [waitStep, sendStep, conditionStep]);
export type AutomationStep = z.infer<typeof automationStep>;

const shape = {
  name: storableText().trim().min(1).max(AUTOMATION_NAME_MAX),
  trigger: automationTrigger,
  steps: z.array(automationStep).max(AUTOMATION_STEPS_MAX),
  reenter: z.boolean(),
  /**
   * The IANA zone of the trigger's hour (and its "today") and of waits until an hour; the
   * server stores the canonical name. Optional, UTC when never given.
   */
  time_zone: timeZoneName,
};

/** Rules one step obeys on its own (the server also checks mailings and segments). */
function checkSteps(steps: AutomationStep[] | undefined, ctx: z.RefinementCtx) {
  steps?.forEach((step, i) => {
    if (step.type === 'wait' && (step.minutes === undefined) === (step.until === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['steps', i, 'minutes'],
        message: 'Give either minutes or until.',
      });
    if (step.type === 'condition' && !('segment' in step.if)) {
      const kind = 'opened' in step.if ? 'opened' : 'clicked';
      const target = 'opened' in step.if ? step.if.opened : step.if.clicked;
      if (target >= i || steps[target]?.type !== 'send')
        ctx.addIssue({
          code: 'custom',
          path: ['steps', i, 'if', kind],
          message: 'Name a send step before this condition.',
        });
    }
  });
}

export const automationWrite = z
  .strictObject({
    ...shape,
    steps: shape.steps.optional(),
    reenter: shape.reenter.optional(),
    time_zone: shape.time_zone.optional(),
  })
  .superRefine((v, ctx) => checkSteps(v.steps, ctx));
export type AutomationWrite = z.input<typeof automationWrite>;

export const automationPatch = z
  .strictObject({
    name: shape.name.optional(),
    trigger: shape.trigger.optional(),
    steps: shape.steps.optional(),
    reenter: shape.reenter.optional(),
    time_zone: shape.time_zone.optional(),
  })
  .superRefine((v, ctx) => checkSteps(v.steps, ctx));

/** How a step is stored: its id, and conditions naming a send step by that step's id. */
export type StoredStep =
  | { id: number; type: 'wait'; minutes?: number; until?: { weekday?: number; hour: number } }
  | { id: number; type: 'send'; mailing: number }
  | {
      id: number;
      type: 'condition';
      if: { opened: number } | { clicked: number } | { segment: number };
      else: 'stop' | 'skip';
    };

export const stepStats = z.object({
  entered: z.number().int(),
  waiting: z.number().int(),
  sent: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  bounced: z.number().int(),
  exited: z.number().int(),
});
export type StepStats = z.infer<typeof stepStats>;

export const automation = z.looseObject({
  id: z.number().int(),
  list: z.number().int(),
  name: z.string(),
  state: z.enum(automationStates),
  trigger: z.looseObject({ type: z.string() }),
  steps: z.array(z.looseObject({ id: z.number().int(), type: z.string(), stats: stepStats })),
  reenter: z.boolean(),
  /** Absent from servers before time zones: UTC. */
  time_zone: z.string().default('UTC'),
  runs: z.object({
    active: z.number().int(),
    finished: z.number().int(),
    exited: z.number().int(),
  }),
  create_datetime: z.string(),
  update_datetime: z.string(),
});
export type Automation = z.infer<typeof automation>;

export const automationRun = z.looseObject({
  id: z.number().int(),
  subscriber: z.number().int().nullable(),
  email: z.string(),
  entry: z.number().int(),
  state: z.enum(runStates),
  /** The step the run is at (its index), null before the first and after the last. */
  step: z.number().int().nullable(),
  due_datetime: z.string().nullable(),
  exit_reason: z.string(),
  start_datetime: z.string(),
  end_datetime: z.string().nullable(),
});
