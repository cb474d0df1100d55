import { isIPv4, isIPv6 } from 'node:net';

/**
 * Which addresses an outbound request may reach. Pure and table-tested: `blockedReason` answers
 * null for a public unicast address and a short reason for anything internal, including IPv4
 * addresses hidden in IPv6 forms (mapped, compatible, translated, NAT64, 6to4).
 */

type Range4 = readonly [base: number, prefix: number, reason: string];

const ip4 = (a: number, b: number, c: number, d: number) => ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;

const BLOCKED_V4: readonly Range4[] = [
  [ip4(0, 0, 0, 0), 8, 'unspecified ("this network")'],
  [ip4(10, 0, 0, 0), 8, 'private'],
  [ip4(100, 64, 0, 0), 10, 'carrier-grade NAT'],
  [ip4(127, 0, 0, 0), 8, 'loopback'],
  [ip4(169, 254, 0, 0), 16, 'link-local (cloud metadata)'],
  [ip4(172, 16, 0, 0), 12, 'private'],
  [ip4(192, 0, 0, 0), 24, 'IETF protocol assignments'],
  [ip4(192, 0, 2, 0), 24, 'documentation'],
  [ip4(192, 88, 99, 0), 24, '6to4 relay anycast'],
  [ip4(192, 168, 0, 0), 16, 'private'],
  [ip4(198, 18, 0, 0), 15, 'benchmarking'],
  [ip4(198, 51, 100, 0), 24, 'documentation'],
  [ip4(203, 0, 113, 0), 24, 'documentation'],
  [ip4(224, 0, 0, 0), 4, 'multicast'],
  [ip4(240, 0, 0, 0), 4, 'reserved or broadcast'],
];

function parseV4(address: string): number | null {
  if (!isIPv4(address)) return null;
  return address.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

function v4Reason(value: number): string | null {
  for (const [base, prefix, reason] of BLOCKED_V4) {
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
    if ((value & mask) >>> 0 === base) return reason;
  }
  return null;
}

/** Eight 16-bit groups of an IPv6 address (zone id dropped, embedded dotted IPv4 accepted). */
export function parseV6(input: string): number[] | null {
  const unbracketed = input.replace(/^\[|\]$/g, '');
  const zone = unbracketed.indexOf('%');
  const address = zone === -1 ? unbracketed : unbracketed.slice(0, zone);
  if (!isIPv6(address)) return null;
  let text = address;
  const lastGroupStart = text.lastIndexOf(':') + 1;
  if (text.includes('.', lastGroupStart)) {
    const v4 = parseV4(text.slice(lastGroupStart));
    if (v4 === null) return null;
    text = `${text.slice(0, lastGroupStart)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  if (tail === undefined && missing !== 0) return null;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups].map((group) =>
    parseInt(group, 16),
  );
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

const embeddedV4 = (high: number, low: number) => high * 65536 + low;

function v6Reason(groups: number[]): string | null {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const zeroUpTo = (n: number) => groups.slice(0, n).every((group) => group === 0);
  if (zeroUpTo(8)) return 'unspecified';
  if (zeroUpTo(7) && g7 === 1) return 'loopback';
  const inner = (label: string, value: number) => {
    const reason = v4Reason(value);
    return reason ? `${label} ${reason}` : null;
  };
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible), ::ffff:0:a.b.c.d (translated): the IPv4 inside decides.
  if (zeroUpTo(5) && g5 === 0xffff) return inner('IPv4-mapped', embeddedV4(g6, g7));
  if (zeroUpTo(6)) return inner('IPv4-compatible', embeddedV4(g6, g7));
  if (zeroUpTo(4) && g4 === 0xffff && g5 === 0) return inner('IPv4-translated', embeddedV4(g6, g7));
  // NAT64: the well-known prefix carries the IPv4 in the last 32 bits; the local-use prefix is internal.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return inner('NAT64', embeddedV4(g6, g7));
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return 'local-use NAT64';
  if (g0 === 0x2002) return inner('6to4', embeddedV4(g1, g2));
  if (g0 === 0x2001 && g1 === 0) return 'Teredo';
  if (g0 === 0x2001 && g1 === 0xdb8) return 'documentation';
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return 'discard-only';
  if ((g0 & 0xfe00) === 0xfc00) return 'unique local (private)';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((g0 & 0xffc0) === 0xfec0) return 'site-local';
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  return null;
}

/** Why `address` (an IP literal) must not be reached, or null when it is public unicast. */
export function blockedReason(address: string): string | null {
  const v4 = parseV4(address);
  if (v4 !== null) return v4Reason(v4);
  const v6 = parseV6(address);
  if (v6) return v6Reason(v6);
  return 'not an IP address';
}

/** Names that reach cloud metadata services or this host whatever the DNS answers. */
const BLOCKED_HOSTNAMES = new Set([
  'localhost',
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.internal',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.packet.net',
  'metadata.tencentyun.com',
  'kubernetes.default',
  'kubernetes.default.svc',
]);

/** Why a host name must not be resolved at all, or null. */
export function blockedHostnameReason(hostname: string): string | null {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (BLOCKED_HOSTNAMES.has(name) || name.endsWith('.localhost')) return 'internal host name';
  if (name.endsWith('.internal') || name.endsWith('.local') || name.endsWith('.svc.cluster.local')) return 'internal host name';
  return null;
}
