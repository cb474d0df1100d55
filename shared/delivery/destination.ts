/**
 * Which receiver a URL reaches: its scheme, host and port. A write-only secret stored for one
 * destination is only ever sent there; a URL edited to another destination must carry it again.
 * Pure: no DNS (a name and the address it resolves to are different destinations here).
 */

const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };

/** `https://example.com:443` for any URL reaching that receiver; null when `url` is not an absolute URL. */
export function destinationOf(url: string | null | undefined): string | null {
  if (typeof url !== 'string') return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  // WHATWG parsing lowercases the scheme and host, normalizes IP literals and drops a default port.
  if (!parsed.host) return null;
  const port = parsed.port || DEFAULT_PORTS[parsed.protocol] || '';
  return `${parsed.protocol}//${parsed.hostname}:${port}`;
}

/** Whether both URLs reach the same receiver; false when either is missing or not a URL (fail closed). */
export function sameDestination(before: string | null | undefined, after: string | null | undefined): boolean {
  const a = destinationOf(before);
  return a !== null && a === destinationOf(after);
}

/**
 * Whether the destination is written out, with no `{{placeholder}}` in the scheme, host or port: a
 * rendered placeholder there would let whoever supplies the value choose where a secret goes.
 */
export function isFixedDestination(url: string | null | undefined): boolean {
  const destination = destinationOf(url);
  return destination !== null && !/[{}]/.test(destination);
}

/** The longest host name DNS can carry: a longer one resolves nowhere. */
export const MAX_HOSTNAME_LENGTH = 253;

/** Whether `url`'s host name is one DNS could resolve by length (false when it is not a URL). */
export function hostnameFitsDns(url: string): boolean {
  const parsed = URL.parse(url);
  return parsed !== null && parsed.hostname.length <= MAX_HOSTNAME_LENGTH;
}
