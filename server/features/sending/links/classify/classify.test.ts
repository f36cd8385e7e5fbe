import { describe, expect, it } from 'vitest';
import { reasonsOf, rules, TRAP_URL, type HitSignals } from './classify.js';
import { classOf, reasonNames } from './reasons.js';
import { blockOf } from './address.js';

/** One test per rule of classify.ts: what it catches and what it lets through. */
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const person: HitSignals = {
  address: '81.2.69.160',
  agent: CHROME,
  head: false,
  seconds: 3600,
  trap: false,
};
const verdict = (change: Partial<HitSignals>) => {
  const reasons = reasonsOf({ ...person, ...change });
  return `${classOf(reasons)} ${reasonNames(reasons).join(',')}`.trim();
};

describe('classification rules', () => {
  it('a person in a browser an hour later is human, for no reason', () => {
    expect(verdict({})).toBe('human');
    expect(Object.keys(rules)).toHaveLength(9);
  });

  it('apple_proxy: Apple’s 17.0.0.0/8 with its plain agent, not one without the other', () => {
    expect(verdict({ address: '17.58.101.7', agent: 'Mozilla/5.0' })).toBe(
      'apple_proxy apple_proxy',
    );
    expect(verdict({ address: '17.58.101.7' })).toBe('human');
    expect(verdict({ address: '18.0.0.1', agent: 'Mozilla/5.0' })).toBe('prefetch bot');
  });

  it('scanner_range: the gateways’ published ranges, IPv4 and IPv6', () => {
    expect(verdict({ address: '40.107.3.4' })).toBe('scanner scanner_range');
    expect(verdict({ address: '2a01:111:f400:7e1b::5' })).toBe('scanner scanner_range');
    expect(verdict({ address: '::ffff:148.163.150.2' })).toBe('scanner scanner_range');
    expect(verdict({ address: '40.106.255.255' })).toBe('human');
  });

  it('scanner_agent: the gateways’ markers in the agent', () => {
    expect(verdict({ agent: `${CHROME} Forcepoint` })).toBe('scanner scanner_agent');
    // Every reason that applies is kept; the strongest class wins.
    expect(verdict({ agent: 'Mimecast-URL-Protect/1.0' })).toBe('scanner scanner_agent,bot');
  });

  it('head: a HEAD request', () => {
    expect(verdict({ head: true })).toBe('scanner head');
  });

  it('early: within seconds of sending; not after, not when unknown', () => {
    expect(verdict({ seconds: 3 })).toBe('scanner early');
    expect(verdict({ seconds: 10 })).toBe('human');
    expect(verdict({ seconds: null })).toBe('human');
  });

  it('trap: the link no person can see', () => {
    expect(verdict({ trap: true })).toBe('scanner trap');
    expect(TRAP_URL).toMatch(/^https:\/\/[a-z.]+\.invalid\//);
  });

  it('bot: link previews and known bots (isbot)', () => {
    expect(verdict({ agent: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' })).toBe(
      'prefetch bot',
    );
    expect(verdict({ agent: 'facebookexternalhit/1.1' })).toBe('prefetch bot');
  });

  it('no_agent: a request without a user agent', () => {
    expect(verdict({ agent: null })).toBe('prefetch no_agent');
    expect(verdict({ agent: ' ' })).toBe('prefetch no_agent');
  });

  it('image_proxy: Gmail’s and Yahoo’s proxies fetch for a person and stay human', () => {
    const gmail =
      'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)';
    expect(verdict({ agent: gmail, address: '66.249.84.1' })).toBe('human image_proxy');
    expect(
      verdict({
        agent: 'YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html',
      }),
    ).toBe('human image_proxy');
    // A proxy's hit within seconds of sending is still no person.
    expect(verdict({ agent: gmail, seconds: 2 })).toBe('scanner early,image_proxy');
  });

  it('keeps an address only as its block: /24 IPv4, /48 IPv6', () => {
    expect(blockOf('81.2.69.160')).toBe('81.2.69.0/24');
    expect(blockOf('::ffff:81.2.69.160')).toBe('81.2.69.0/24');
    expect(blockOf('2001:db8:5:1::7')).toBe('2001:db8:5::/48');
    expect(blockOf('not an address')).toBeNull();
    expect(blockOf(undefined)).toBeNull();
  });
});
