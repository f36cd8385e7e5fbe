import { useSyncExternalStore } from 'react';
import { session } from '../../../api/session';
import { initialWizardState, wizardReducer, type WizardAction, type WizardState } from './state';

/**
 * The wizard's choices live in one module-level store (a reducer), not in components, so
 * moving between steps — or to another screen and back — keeps them while the tab lives.
 * The File object stays in memory only; a reload starts again at the File step.
 */
let state: WizardState = initialWizardState;
const listeners = new Set<() => void>();

export function dispatch(action: WizardAction) {
  const next = wizardReducer(state, action);
  if (next === state) return;
  state = next;
  listeners.forEach((l) => l());
}

export const getWizardState = () => state;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useWizardState = () => useSyncExternalStore(subscribe, getWizardState);

// Signing out forgets the file and everything read from it: the next user starts afresh.
session.subscribe(() => {
  if (session.get().status === 'signed-out' && state.file) dispatch({ type: 'reset' });
});
