/**
 * The signed-in user's credentials: kept in memory and in sessionStorage, so they survive a
 * reload of this tab but not the tab itself. Never localStorage (shared by every tab, kept
 * forever) and never logged.
 */
export type Credentials = { username: string; password: string };

export type SessionState = {
  credentials: Credentials | null;
  /** Why the user was signed out, shown on the sign-in page (e.g. credentials expired). */
  notice: string | null;
  /** True after a deliberate sign-out: the next sign-in starts afresh, not where it ended. */
  signedOut: boolean;
};

const STORAGE_KEY = 'mailboard.session';

type Listener = () => void;
const listeners = new Set<Listener>();
let state: SessionState = { credentials: readStored(), notice: null, signedOut: false };

function readStored(): Credentials | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Credentials>;
    return typeof parsed.username === 'string' && typeof parsed.password === 'string'
      ? { username: parsed.username, password: parsed.password }
      : null;
  } catch {
    return null;
  }
}

function writeStored(credentials: Credentials | null) {
  try {
    if (credentials) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(credentials));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage can be disabled (private mode, quota): the in-memory copy still works.
  }
}

/** Every `mailboard.*` entry of this tab's sessionStorage (credentials, drafts). */
function clearTabState() {
  try {
    const keys = Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i));
    for (const key of keys) if (key?.startsWith('mailboard.')) sessionStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept there.
  }
}

function set(next: SessionState) {
  state = next;
  listeners.forEach((listener) => listener());
}

export const session = {
  get: (): SessionState => state,
  /**
   * The credentials to send. sessionStorage is re-read so that a change made in another
   * script (or by a test) to the stored value applies to the next request.
   */
  credentials(): Credentials | null {
    const stored = readStored();
    if (state.credentials && !stored) return state.credentials;
    return stored ?? null;
  },
  signIn(credentials: Credentials) {
    writeStored(credentials);
    set({ credentials, notice: null, signedOut: false });
  },
  /** Without a notice: the user signed out. With one: the session ended (e.g. a 401). */
  signOut(notice: string | null = null) {
    writeStored(null);
    // A deliberate sign-out hands the tab to whoever comes next: drafts kept for this user
    // (e.g. the mailing composer's) go too. An expired session keeps them for the re-sign-in.
    if (notice === null) clearTabState();
    set({ credentials: null, notice, signedOut: notice === null });
  },
  clearNotice() {
    if (state.notice) set({ ...state, notice: null });
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** `Basic base64(username:password)`, UTF-8 safe (btoa alone rejects non-Latin-1). */
export function basicAuthorization({ username, password }: Credentials): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  bytes.forEach((b) => (binary += String.fromCharCode(b)));
  return `Basic ${btoa(binary)}`;
}
