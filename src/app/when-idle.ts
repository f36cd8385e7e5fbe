import { useEffect, useState } from 'react';

/** Runs `task` when the browser has nothing else to do (Safari lacks requestIdleCallback). */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, 300);
  return () => clearTimeout(id);
}

/** False until the browser was first idle after this component mounted. */
export function useIdleAfterMount(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
