import { describe, expect, it } from 'vitest';
import { addressBlock } from './protections.js';

describe('the address block of a submission', () => {
  it('is the /24 of IPv4 (mapped or not) and the /56 of IPv6; anything else is one block', () => {
    expect(addressBlock('192.0.2.77')).toBe('192.0.2.0/24');
    expect(addressBlock('10.0.255.1')).toBe('10.0.255.0/24');
    expect(addressBlock('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(addressBlock('2001:db8:abcd:12ff:1::1')).toBe('2001:db8:abcd:1200::/56');
    // Leading zeros and out-of-range octets are not taken as they look.
    expect(addressBlock('010.0.0.1')).toBe(addressBlock('8.0.0.1'));
    expect(addressBlock('10.0.0.256')).toBe('unknown');
    expect(addressBlock('not an address')).toBe('unknown');
  });
});
