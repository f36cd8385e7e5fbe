import { request } from './client';
import { session } from './session';

/**
 * Getting signed in without a password at hand (issue 29): the forgotten-password mail, the
 * links it and the invitation mail carry, and the second step of a two-factor sign-in.
 * The links' tokens live in the address the mail gave; nothing is stored here.
 */

/** Always 202 with the same words, whether or not the address belongs to a user. */
export const requestPasswordReset = (username: string) =>
  request<{ detail: string }>('/password-reset', { method: 'POST', body: { username } });

export type MailedLink = { kind: 'invitation' | 'password-reset'; token: string };

/** Who the invitation is for; 404 when the link is unknown, used or expired. */
export const lookUpInvitation = (token: string) =>
  request<{ username: string }>(`/invitation/${encodeURIComponent(token)}`);

/** Sets the password through a mailed link; resolves to the account's username. */
export const setPasswordByLink = (link: MailedLink, password: string) =>
  request<{ username: string }>(`/${link.kind}/${encodeURIComponent(link.token)}`, {
    method: 'POST',
    body: { password },
  });

/** The code step after a right password (the challenge travels in an HttpOnly cookie). */
export async function signInWithCode(code: string) {
  const user = await request<{ username: string }>('/session/two-factor', {
    method: 'POST',
    body: { code },
  });
  session.signIn({ username: user.username });
}
