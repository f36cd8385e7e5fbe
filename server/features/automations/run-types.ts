import type { StoredStep } from '../../../contract/automations.js';

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

export type Automation = {
  id: number;
  list_id: number;
  name: string;
  steps: StoredStep[];
  time_zone: string;
};

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
