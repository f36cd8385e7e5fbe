import { session } from '../../../api/session';
import type { ComposerValues } from './composer-values';

/**
 * The composer's draft lives in sessionStorage: it survives a reload of this tab, not the
 * tab, and goes with a deliberate sign-out. Every field is kept. A layout archive is kept
 * too when its data URI fits `LAYOUT_BUDGET` (together with the others): sessionStorage
 * holds about 5 M characters per origin, and a 10 MB zip
 * is 13.3 M. A layout over the budget is remembered by name only and must be added again.
 */
const DRAFT_KEY = 'mailboard.mailing-draft';
const LAYOUT_KEY = 'mailboard.mailing-draft.layout.';
export const LAYOUT_BUDGET = 2_000_000;

export type StoredLayoutRef = { label: string; kept: boolean; bytes: number };
export type StoredDraft = { values: ComposerValues; layouts: Record<string, StoredLayoutRef> };

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export function loadDraft(): StoredDraft | undefined {
  try {
    const raw = storage()?.getItem(DRAFT_KEY);
    if (!raw) return undefined;
    const draft = JSON.parse(raw) as Partial<StoredDraft>;
    if (!draft.values || !Array.isArray(draft.values.variants)) return undefined;
    return { values: draft.values, layouts: draft.layouts ?? {} };
  } catch {
    return undefined;
  }
}

export function saveDraft(draft: StoredDraft) {
  try {
    storage()?.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Full or disabled storage: the draft still lives in the page.
  }
}

export const loadLayoutArchive = (language: string) =>
  storage()?.getItem(LAYOUT_KEY + language) ?? undefined;

/** Keeps a layout's data URI when it fits the budget; says whether it did. */
export function saveLayoutArchive(language: string, dataUri: string): boolean {
  const store = storage();
  if (!store) return false;
  store.removeItem(LAYOUT_KEY + language);
  let used = 0;
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(LAYOUT_KEY)) used += store.getItem(key)?.length ?? 0;
  }
  if (!dataUri || used + dataUri.length > LAYOUT_BUDGET) return false;
  try {
    store.setItem(LAYOUT_KEY + language, dataUri);
    return true;
  } catch {
    return false;
  }
}

export const removeLayoutArchive = (language: string) =>
  storage()?.removeItem(LAYOUT_KEY + language);

export function clearDraft() {
  const store = storage();
  if (!store) return;
  const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
    (k): k is string => k !== null && (k === DRAFT_KEY || k.startsWith(LAYOUT_KEY)),
  );
  keys.forEach((k) => store.removeItem(k));
}

// A draft belongs to whoever wrote it: signing out drops it. An expired session (a 401)
// keeps it, so the user signs in again and finds everything where it was.
session.subscribe(() => {
  const { user, signedOut } = session.get();
  if (!user && signedOut) clearDraft();
});
