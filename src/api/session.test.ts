import { afterEach, describe, expect, it } from 'vitest';
import { basicAuthorization, session } from './session';

afterEach(() => session.signOut());

describe('session', () => {
  it('keeps credentials for the tab in sessionStorage, never in localStorage', () => {
    localStorage.clear();
    session.signIn({ username: 'ana@example.com', password: 'secret-1' });
    expect(session.credentials()).toEqual({ username: 'ana@example.com', password: 'secret-1' });
    expect(JSON.stringify({ ...sessionStorage })).toContain('secret-1');
    expect(JSON.stringify({ ...localStorage })).not.toContain('secret-1');
  });

  it('forgets them on sign-out and tells why when the session ended by itself', () => {
    session.signIn({ username: 'ana@example.com', password: 'secret-1' });
    session.signOut('Expired.');
    expect(session.get()).toEqual({ credentials: null, notice: 'Expired.', signedOut: false });
    expect(sessionStorage.length).toBe(0);
    session.signOut();
    expect(session.get().signedOut).toBe(true);
  });

  it("clears the tab's drafts on a deliberate sign-out but keeps them when the session expires", () => {
    session.signIn({ username: 'ana@example.com', password: 'secret-1' });
    sessionStorage.setItem('mailboard.mailing-draft', '{"name":"Spring"}');
    sessionStorage.setItem('other-app', 'kept');
    session.signOut('Expired.');
    expect(sessionStorage.getItem('mailboard.mailing-draft')).toBe('{"name":"Spring"}');
    session.signOut();
    expect(sessionStorage.getItem('mailboard.mailing-draft')).toBeNull();
    expect(sessionStorage.getItem('other-app')).toBe('kept');
    sessionStorage.removeItem('other-app');
  });

  it('builds a UTF-8 Basic header', () => {
    expect(basicAuthorization({ username: 'a@b', password: 'p' })).toBe(`Basic ${btoa('a@b:p')}`);
    expect(basicAuthorization({ username: 'ö@b', password: 'p' })).toBe('Basic w7ZAYjpw');
  });
});
