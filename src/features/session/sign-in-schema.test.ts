import { describe, expect, it } from 'vitest';
import { safeNext, validateSignIn } from './sign-in-schema';

describe('sign-in checks', () => {
  it('asks for a username with @ and a password', () => {
    expect(validateSignIn({ username: '', password: '' })).toEqual({
      username: 'Enter your username.',
      password: 'Enter your password.',
    });
    expect(validateSignIn({ username: 'admin', password: 'x' }).username).toMatch(/@/);
    expect(validateSignIn({ username: 'a@b.c', password: 'x' })).toEqual({});
  });

  it('returns only to paths inside the app', () => {
    expect(safeNext('/lists?page=2#x')).toBe('/lists?page=2#x');
    expect(safeNext('https://evil.example/')).toBe('/');
    expect(safeNext('//evil.example')).toBe('/');
    expect(safeNext('/\\evil.example')).toBe('/');
    expect(safeNext('/sign-in?next=/x')).toBe('/');
    expect(safeNext(null)).toBe('/');
  });
});
