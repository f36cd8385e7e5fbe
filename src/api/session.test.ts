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

  it('builds a UTF-8 Basic header', () => {
    expect(basicAuthorization({ username: 'a@b', password: 'p' })).toBe(`Basic ${btoa('a@b:p')}`);
    expect(basicAuthorization({ username: 'ö@b', password: 'p' })).toBe('Basic w7ZAYjpw');
  });
});
