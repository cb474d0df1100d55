import { blockedHostnameReason, blockedReason, parseV6 } from '../../../shared/net/address-policy.ts';

describe('blockedReason (outbound address policy)', () => {
  it.each([
    ['127.0.0.1', /loopback/],
    ['127.255.0.9', /loopback/],
    ['10.0.0.5', /private/],
    ['172.16.0.1', /private/],
    ['172.31.255.255', /private/],
    ['192.168.1.1', /private/],
    ['100.64.0.1', /carrier-grade/],
    ['100.127.255.254', /carrier-grade/],
    ['169.254.169.254', /link-local/],
    ['0.0.0.0', /unspecified/],
    ['0.1.2.3', /unspecified/],
    ['224.0.0.1', /multicast/],
    ['239.255.255.250', /multicast/],
    ['255.255.255.255', /reserved or broadcast/],
    ['198.18.0.1', /benchmarking/],
    ['::', /unspecified/],
    ['::1', /loopback/],
    ['0:0:0:0:0:0:0:1', /loopback/],
    ['[::1]', /loopback/],
    ['fe80::1', /link-local/],
    ['fe80::1%eth0', /link-local/],
    ['febf::1', /link-local/],
    ['fc00::1', /unique local/],
    ['fd12:3456::1', /unique local/],
    ['ff02::1', /multicast/],
    ['::ffff:127.0.0.1', /IPv4-mapped loopback/],
    ['::ffff:7f00:1', /IPv4-mapped loopback/],
    ['::ffff:a9fe:a9fe', /IPv4-mapped link-local/],
    ['::ffff:10.1.2.3', /IPv4-mapped private/],
    ['::127.0.0.1', /IPv4-compatible loopback/],
    ['::a00:1', /IPv4-compatible private/],
    ['::ffff:0:127.0.0.1', /IPv4-translated loopback/],
    ['64:ff9b::10.0.0.1', /NAT64 private/],
    ['64:ff9b::a9fe:a9fe', /NAT64 link-local/],
    ['64:ff9b:1::1', /local-use NAT64/],
    ['2002:7f00:1::1', /6to4 loopback/],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', /Teredo/],
    ['2001:db8::1', /documentation/],
    ['not-an-ip', /not an IP/],
  ])('%s is refused (%s)', (address, reason) => {
    expect(blockedReason(address)).toMatch(reason);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '169.253.1.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
  ])('%s is public', (address) => {
    expect(blockedReason(address)).toBeNull();
  });

  it('parses IPv6 forms into eight groups', () => {
    expect(parseV6('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(parseV6('1::')).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseV6('1.2.3.4')).toBeNull();
  });
});

describe('blockedHostnameReason', () => {
  it.each([
    'localhost',
    'LOCALHOST.',
    'api.localhost',
    'metadata.google.internal',
    'metadata',
    'instance-data',
    'printer.local',
    'db.svc.cluster.local',
  ])('%s is refused', (name) => {
    expect(blockedHostnameReason(name)).not.toBeNull();
  });
  it.each(['example.com', 'hooks.slack.com', 'metadata.example.com'])('%s is allowed', (name) => {
    expect(blockedHostnameReason(name)).toBeNull();
  });
});
