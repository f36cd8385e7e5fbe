import type { RawRow } from '../../db/raw-row.js';
import type { automations } from '../../db/schema/index.js';

// What one batch of advanceDueRuns (runs.ts) carries from claiming its runs, through walking
// their steps (run-walk.ts), to recording what happened (run-records.ts).

export type DueRun = {
  id: string | number;
  automation_id: number;
  subscriber_id: number | null;
  email: string;
  entry: number;
  step_id: number | null;
  step_position: number;
  subscription: string | null;
  language: string | null;
};

export type Automation = Pick<
  RawRow<typeof automations>,
  'id' | 'list_id' | 'name' | 'steps' | 'time_zone'
>;

export type Entered = { stepId: number; outcome: string; send?: { deliveryId: number } };
export type Outcome = {
  id: number;
  state: 'active' | 'finished' | 'exited';
  stepId: number | null;
  position: number;
  due: Date | null;
  exitReason: string;
  entered: Entered[];
  subscriberId: number | null;
  email: string;
};
