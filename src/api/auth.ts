import { isApiError, request } from './client';
import { session, type SessionUser } from './session';

/**
 * Browser sessions (our extension, docs/decisions/api-choices.md): the password goes to the server once and
 * comes back as an HttpOnly cookie the page cannot read. Rejects with the ApiError (401,
 * 429) or NetworkError; on success the tab is signed in.
 */
type SessionAnswer = { username: string; two_factor?: 'code' | 'enrol' };

/** The tab's user from the server's answer; `enrol`: two-factor must be set up first. */
const sessionUser = (answer: SessionAnswer): SessionUser => ({
  username: answer.username,
  ...(answer.two_factor === 'enrol' ? { enrolTwoFactor: true } : {}),
});

export async function signIn(credentials: {
  username: string;
  password: string;
}): Promise<'signed-in' | 'code'> {
  const answer = await request<SessionAnswer>('/session', { method: 'POST', body: credentials });
  // Two-factor sign-in (issue 29): the password was right, a code comes next.
  if (answer.two_factor === 'code') return 'code';
  session.signIn(sessionUser(answer));
  return 'signed-in';
}

/**
 * Ends the session on the server (every replica) and then in this tab. A 401 means it had
 * ended already; any other failure rejects and leaves the tab signed in, since the cookie
 * would still work.
 */
export async function signOut() {
  try {
    await request('/session', { method: 'DELETE' });
  } catch (err) {
    if (!isApiError(err, 401)) throw err;
  }
  session.signOut();
}

/** After a (re)load: asks the server whether the cookie still holds a session. */
export async function restoreSession() {
  try {
    session.restored(
      sessionUser(await request<SessionAnswer>('/session', { quietStatuses: [401] })),
    );
  } catch {
    // 401 (no or an ended session) or no answer: the sign-in page says the rest.
    session.restored(null);
  }
}
