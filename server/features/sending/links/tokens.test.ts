import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSigner } from './tokens.js';

const signer = createSigner('a secret of the tests');

describe('link tokens', () => {
  it('round-trip every kind', () => {
    const payloads = [
      { kind: 'k', who: '42', url: 'https://example.org/a?b=1&c=ü' },
      { kind: 'o', who: 'd7' },
      { kind: 'u', subscriber: 3, delivery: 0 },
      { kind: 'a', subscriber: 9 },
    ] as const;
    for (const p of payloads) expect(signer.verify(signer.sign(p))).toEqual(p);
  });

  it('carry a click’s link position from the second link to a URL on; the first’s is unchanged', () => {
    const url = 'https://example.org/a';
    expect(signer.verify(signer.sign({ kind: 'k', who: '42', url, position: 3 }))).toEqual({
      kind: 'k',
      who: '42',
      url,
      position: 3,
    });
    // Position 1 signs the same token as before positions (mails already sent keep working).
    expect(signer.sign({ kind: 'k', who: '42', url, position: 1 })).toBe(
      signer.sign({ kind: 'k', who: '42', url }),
    );
  });

  it('refuse any changed character, another key, and garbage', () => {
    const token = signer.sign({ kind: 'k', who: '42', url: 'https://example.org/' });
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < token.length; i++) {
      if (token[i] === '.') continue;
      for (const ch of alphabet.slice(0, 20)) {
        if (ch === token[i]) continue;
        const changed = token.slice(0, i) + ch + token.slice(i + 1);
        expect(signer.verify(changed), changed).toBeNull();
      }
    }
    expect(createSigner('another key').verify(token)).toBeNull();
    for (const bad of ['', '.', 'abc', 'a.b.c', `${token}.x`])
      expect(signer.verify(bad)).toBeNull();
    // A signed payload that is not a link (a URL that is not http) is refused too.
    const odd = createSigner('k').sign({ kind: 'k', who: '1', url: 'javascript:alert(1)' });
    expect(createSigner('k').verify(odd)).toBeNull();
  });
});

describe('key rotation and derived keys', () => {
  const OLD = 'the secret of last year';
  const NEW = 'the secret of this year';

  it('accept tokens of the previous secret during a rotation, not after it', () => {
    const before = createSigner(OLD).sign({ kind: 'k', who: '5', url: 'https://example.org/' });
    const rotating = createSigner(NEW, OLD);
    expect(rotating.verify(before)).toEqual({ kind: 'k', who: '5', url: 'https://example.org/' });
    expect(createSigner(NEW).verify(before)).toBeNull();
    // New tokens are signed with the new secret and name its key.
    const after = rotating.sign({ kind: 'o', who: '5' });
    expect(createSigner(NEW).verify(after)).toEqual({ kind: 'o', who: '5' });
    expect(after.split('.')[0]).not.toBe(before.split('.')[0]);
  });

  it('never take one kind for another: each kind has its own key', () => {
    const s = createSigner(NEW);
    const [id, , mac] = s.sign({ kind: 'u', subscriber: 7, delivery: 1 }).split('.');
    // The same MAC over an opt-in payload does not confirm anybody.
    const data = Buffer.from('a\n7').toString('base64url');
    expect(s.verify(`${id}.${data}.${mac}`)).toBeNull();
  });

  it('accept the first format (no key id, the secret as key) from mails already sent', () => {
    const data = Buffer.from('u\n3\n9').toString('base64url');
    const legacy = (secret: string) =>
      `${data}.${createHmac('sha256', secret).update(data).digest().subarray(0, 16).toString('base64url')}`;
    expect(createSigner(NEW).verify(legacy(NEW))).toEqual({
      kind: 'u',
      subscriber: 3,
      delivery: 9,
    });
    expect(createSigner(NEW, OLD).verify(legacy(OLD))).toMatchObject({ subscriber: 3 });
    expect(createSigner(NEW).verify(legacy(OLD))).toBeNull();
  });
});
