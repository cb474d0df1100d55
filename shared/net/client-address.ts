import { isIPv4 } from 'node:net';
import { parseV6 } from './address-policy.ts';

/**
 * The key a per-address limit counts a client under: an IPv4 address as is (IPv4-mapped IPv6
 * too), an IPv6 address by its /64, the smallest block one subscriber is routinely given, so that
 * walking the addresses of one's own network does not start a new count each time.
 */
export function clientAddressKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  const groups = parseV6(ip);
  if (!groups) return ip.slice(0, 64);
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) {
    return [g6 >>> 8, g6 & 0xff, g7 >>> 8, g7 & 0xff].join('.');
  }
  return `${[g0, g1, g2, g3].map((group) => group.toString(16)).join(':')}::/64`;
}
