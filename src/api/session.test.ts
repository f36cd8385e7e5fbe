import { afterEach, describe, expect, it } from 'vitest';
import { session } from './session';

afterEach(() => session.signOut());

describe('session', () => {
  it('keeps only who is signed in, nothing in web storage', () => {
    localStorage.clear();
    sessionStorage.clear();
    session.signIn({ username: 'ana@example.com' });
    expect(session.get()).toMatchObject({
      status: 'signed-in',
      user: { username: 'ana@example.com' },
    });
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(0);
  });

  it('tells why when the session ended by itself', () => {
    session.signIn({ username: 'ana@example.com' });
    session.signOut('Expired.');
    expect(session.get()).toEqual({
      status: 'signed-out',
      user: null,
      notice: 'Expired.',
      signedOut: false,
    });
    session.signOut();
    expect(session.get().signedOut).toBe(true);
  });

  it('takes what the server said after a load only while nothing else has decided', () => {
    session.signIn({ username: 'ana@example.com' });
    session.restored(null);
    expect(session.get().status).toBe('signed-in');
  });

  it("clears the tab's drafts on a deliberate sign-out but keeps them when the session expires", () => {
    session.signIn({ username: 'ana@example.com' });
    sessionStorage.setItem('mailboard.mailing-draft', '{"name":"Spring"}');
    sessionStorage.setItem('other-app', 'kept');
    session.signOut('Expired.');
    expect(sessionStorage.getItem('mailboard.mailing-draft')).toBe('{"name":"Spring"}');
    session.signOut();
    expect(sessionStorage.getItem('mailboard.mailing-draft')).toBeNull();
    expect(sessionStorage.getItem('other-app')).toBe('kept');
    sessionStorage.removeItem('other-app');
  });
});
