import { t } from '@lingui/core/macro';
import { useSyncExternalStore } from 'react';
import type { CheckProgress } from '../check/check-file';
import type { CheckRequest, CheckResponse } from '../check/messages';
import { dispatch, getWizardState } from './store';

let worker: Worker | null = null;

let progress: CheckProgress | null = null;
const listeners = new Set<() => void>();
const setProgress = (next: CheckProgress | null) => {
  progress = next;
  listeners.forEach((l) => l());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The running check's progress (bytes read, rows checked so far). */
export const useCheckProgress = () => useSyncExternalStore(subscribe, () => progress);

/**
 * Checks the whole file in a Web Worker (the page stays responsive: the main thread only
 * receives a progress message every 100 ms and the report at the end). The result goes to
 * the wizard store under `basis`, so it survives moving between steps and is recognised as
 * stale once a choice changes.
 */
export function startCheck(request: CheckRequest, basis: string) {
  cancelCheck();
  setProgress(null);
  dispatch({ type: 'check', check: { status: 'parsing', basis } });
  const current = new Worker(new URL('../check/check.worker.ts', import.meta.url), {
    type: 'module',
  });
  worker = current;
  const finish = () => {
    current.terminate();
    if (worker === current) worker = null;
  };
  current.onmessage = (event: MessageEvent<CheckResponse>) => {
    if (worker !== current) return;
    const message = event.data;
    if (message.type === 'progress') {
      setProgress(message.progress);
      if (getWizardState().check.status !== 'running')
        dispatch({ type: 'check', check: { status: 'running', basis } });
    } else if (message.type === 'done') {
      finish();
      dispatch({ type: 'check', check: { status: 'complete', basis, report: message.report } });
    } else {
      finish();
      dispatch({ type: 'check', check: { status: 'error', basis, message: message.message } });
    }
  };
  current.onerror = (event) => {
    if (worker !== current) return;
    finish();
    dispatch({
      type: 'check',
      check: { status: 'error', basis, message: event.message || t`The check could not run.` },
    });
  };
  current.postMessage(request);
}

/** Stops a running check; the rows checked so far are discarded. */
export function cancelCheck() {
  if (!worker) return;
  worker.terminate();
  worker = null;
  dispatch({ type: 'check', check: { status: 'idle' } });
}
