import type { CheckProgress, FileCheckConfig } from './check-file';
import type { CheckReport } from './csv-check';

/** The check worker's protocol. Cancelling terminates the worker. */
export type CheckRequest = { file: Blob; config: Omit<FileCheckConfig, 'isRegionCode'> };

export type CheckResponse =
  | { type: 'progress'; progress: CheckProgress }
  | { type: 'done'; report: CheckReport }
  | { type: 'error'; message: string };
