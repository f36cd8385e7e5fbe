import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import type { AutomationTrigger, StoredStep } from '../../../contract/automations.js';
import { audit, timestamptz } from './columns.js';
import { lists } from './lists.js';

/** Automations of a list (issue 31, migration 0021, docs/decisions/automations.md). */
export const automations = pgTable(
  'automations',
  {
    id: serial('id').primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    state: text('state', { enum: ['draft', 'active', 'paused'] })
      .notNull()
      .default('draft'),
    trigger: jsonb('trigger').$type<AutomationTrigger>().notNull(),
    triggerType: text('trigger_type').notNull(),
    includeImports: boolean('include_imports').notNull().default(false),
    /** Steps with ids that survive edits: runs point at a step's id, not its position. */
    steps: jsonb('steps').$type<StoredStep[]>().notNull().default([]),
    nextStepId: integer('next_step_id').notNull().default(1),
    reenter: boolean('reenter').notNull().default(false),
    /** IANA zone of the date_field hour and of waits until an hour (migration 0022). */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** segment_entered and date_field: when the scheduler next evaluates the trigger. */
    checkDue: timestamptz('check_due'),
    segmentSeeded: boolean('segment_seeded').notNull().default(false),
    ...audit(),
  },
  (t) => [
    index('automations_list').on(t.listId, t.id),
    index('automations_check_due')
      .on(t.checkDue)
      .where(sql`${t.state} = 'active'`),
  ],
);

export const automationRuns = pgTable(
  'automation_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    automationId: integer('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    subscriberId: integer('subscriber_id'),
    email: text('email').notNull(),
    entry: integer('entry').notNull().default(1),
    state: text('state', { enum: ['active', 'finished', 'exited'] })
      .notNull()
      .default('active'),
    stepId: integer('step_id'),
    stepPosition: integer('step_position').notNull().default(0),
    dueDatetime: timestamptz('due_datetime'),
    exitReason: text('exit_reason').notNull().default(''),
    startDatetime: timestamptz('start_datetime').notNull().defaultNow(),
    endDatetime: timestamptz('end_datetime'),
  },
  (t) => [
    unique().on(t.automationId, t.subscriberId, t.entry),
    index('automation_runs_due')
      .on(t.automationId, t.dueDatetime)
      .where(sql`${t.state} = 'active'`),
    index('automation_runs_subscriber').on(t.subscriberId),
    index('automation_runs_state').on(t.automationId, t.state, t.id),
  ],
);

export const automationRunSteps = pgTable(
  'automation_run_steps',
  {
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => automationRuns.id, { onDelete: 'cascade' }),
    stepId: integer('step_id').notNull(),
    automationId: integer('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    enteredDatetime: timestamptz('entered_datetime').notNull().defaultNow(),
    recipientId: bigint('recipient_id', { mode: 'number' }),
    outcome: text('outcome').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.stepId] }),
    index('automation_run_steps_counts').on(t.automationId, t.stepId),
  ],
);

export const automationSegmentMembers = pgTable(
  'automation_segment_members',
  {
    automationId: integer('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    subscriberId: integer('subscriber_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.automationId, t.subscriberId] })],
);
