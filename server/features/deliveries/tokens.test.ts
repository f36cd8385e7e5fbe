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
