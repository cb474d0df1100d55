import { clientAddressKey } from '../../../shared/net/client-address.ts';

describe('clientAddressKey', () => {
  it.each([
    ['IPv4', '203.0.113.7', '203.0.113.7'],
    ['IPv4-mapped IPv6 (a dual-stack socket)', '::ffff:203.0.113.7', '203.0.113.7'],
    ['IPv4-mapped IPv6 in hex', '::ffff:cb00:7107', '203.0.113.7'],
    ['IPv6: its /64', '2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['another address of the same /64', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['compressed IPv6', '2001:db8::1', '2001:db8:0:0::/64'],
    ['IPv6 with a zone', 'fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['IPv6 loopback', '::1', '0:0:0:0::/64'],
    ['something else, cut to 64 characters', 'x'.repeat(100), 'x'.repeat(64)],
  ])('%s: %s → %s', (_name, ip, key) => {
    expect(clientAddressKey(ip)).toBe(key);
  });
});
