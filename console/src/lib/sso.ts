const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

const isLoopbackHttp = (url: URL) => url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);

/**
 * Whether the console may send the browser to an identity provider's authorization URL: https
 * only (the URL comes from the provider's metadata; a `javascript:` one would run here). Plain
 * http only on loopback, and only while the console itself runs on loopback http (development).
 */
export function isSafeAuthorizationUrl(value: string, consoleOrigin: string): boolean {
  const url = URL.parse(value);
  const origin = URL.parse(consoleOrigin);
  if (!url || url.username || url.password) return false;
  return url.protocol === 'https:' || (isLoopbackHttp(url) && origin !== null && isLoopbackHttp(origin));
}
