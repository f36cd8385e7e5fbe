/**
 * Who is signed in, as far as this tab knows. The proof of it is the server's HttpOnly
 * session cookie, which no script here can read (docs/decisions/api-choices.md): this module never holds a
 * password or a token, and keeps nothing in web storage. After a reload the state is
 * `unknown` until GET /api/v1/session answers (api/auth.ts `restoreSession`).
 */
export type SessionUser = {
  username: string;
  /** The user's role requires two-factor sign-in and they have not set it up (issue 29). */
  enrolTwoFactor?: boolean;
};

export type SessionState = {
  status: 'unknown' | 'signed-in' | 'signed-out';
  user: SessionUser | null;
  /** Why the user was signed out, shown on the sign-in page (e.g. the session expired). */
  notice: string | null;
  /** True after a deliberate sign-out: the next sign-in starts afresh, not where it ended. */
  signedOut: boolean;
};

type Listener = () => void;
const listeners = new Set<Listener>();
let state: SessionState = { status: 'unknown', user: null, notice: null, signedOut: false };

/** Every `mailboard.*` entry of this tab's sessionStorage (the composer's drafts…). */
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
  signIn(user: SessionUser) {
    set({ status: 'signed-in', user, notice: null, signedOut: false });
  },
  /** What GET /api/v1/session said after a load; ignored once anything else decided. */
  restored(user: SessionUser | null) {
    if (state.status !== 'unknown') return;
    set({ ...state, status: user ? 'signed-in' : 'signed-out', user });
  },
  /** Without a notice: the user signed out. With one: the session ended (e.g. a 401). */
  signOut(notice: string | null = null) {
    // A deliberate sign-out hands the tab to whoever comes next: drafts kept for this user
    // (e.g. the mailing composer's) go too. An expired session keeps them for the re-sign-in.
    if (notice === null) clearTabState();
    set({ status: 'signed-out', user: null, notice, signedOut: notice === null });
  },
  clearNotice() {
    if (state.notice) set({ ...state, notice: null });
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
