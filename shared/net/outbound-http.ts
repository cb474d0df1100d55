import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequestRaw, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequestRaw } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { blockedHostnameReason, blockedReason } from './address-policy.ts';

/**
 * The one HTTP client for calls to user-configured URLs (outbound webhooks, runbook `http` steps).
 * Guards against SSRF: the host is resolved once, every address is checked (loopback, private,
 * link-local, metadata, multicast... see address-policy.ts), and the connection is pinned to the
 * checked address so a second DNS answer (rebinding) cannot swap it. Redirects are followed by
 * hand, at most `maxRedirects`, each hop checked the same way. `allowPrivate` (the
 * OUTBOUND_ALLOW_PRIVATE setting) turns the address checks off for development and tests.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses; injectable so tests can play DNS. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Whole request, redirects included. Default 30 s. */
  timeoutMs?: number;
  /** Default 3; 0 returns a redirect response as it is. */
  maxRedirects?: number;
  /** Aborts the request (e.g. an activity's cancellation signal). */
  signal?: AbortSignal;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as text, cut at `maxResponseBytes`. */
  body: string;
  /** The URL that answered (after redirects). */
  url: string;
  redirects: number;
  durationMs: number;
}

export type HttpRequestFn = (request: OutboundRequest) => Promise<OutboundResponse>;

export interface OutboundHttpOptions {
  allowPrivate: boolean;
  resolver?: Resolver;
  /** Overrides the address policy (tests that must reach a local server while refusing others). */
  isAddressAllowed?: (address: string) => boolean;
  maxResponseBytes?: number;
  userAgent?: string;
  /**
   * OUTBOUND_ALLOWED_HOSTS: when set, the only hosts reached (`hooks.example.com`, or
   * `*.example.com` for its subdomains); any other is refused before it is resolved, redirects
   * included. Applies whatever `allowPrivate` says.
   */
  allowedHosts?: readonly string[];
}

/** Whether `host` (lowercase, no brackets) is one of `patterns`: exact names, or `*.suffix` for subdomains. */
export function isHostAllowed(host: string, patterns: readonly string[]): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return patterns.some((pattern) => {
    const wanted = pattern.toLowerCase();
    return wanted.startsWith('*.') ? name.endsWith(wanted.slice(1)) : name === wanted;
  });
}

/**
 * The target is internal (or not http/https): a permanent refusal, never retried. The message is
 * what tenants see (stored with the delivery or the runbook step), so it never names an address a
 * host name resolved to: that would map the internal network for whoever configures a URL.
 * `detail` holds the full story, for the server's log only.
 */
export class OutboundRefusedError extends Error {
  readonly url: string;
  readonly detail: string;
  constructor(url: string, reason: string, detail?: string) {
    super(`Refused outbound request to ${safeUrl(url)}: ${reason}`);
    this.name = 'OutboundRefusedError';
    this.url = url;
    this.detail = detail ? `${this.message} (${detail})` : this.message;
  }
}

/**
 * The connection failed (refused, reset, unreachable, TLS...). Node's own messages name the address
 * connected to (`connect ECONNREFUSED 10.0.0.5:443`); this one names the URL's host instead, and
 * keeps the original in `detail` for the log. Worth retrying.
 */
export class OutboundTransportError extends Error {
  readonly code: string | undefined;
  readonly detail: string;
  constructor(host: string, address: string, error: Error & { code?: string }) {
    super(error.message.replaceAll(address, host));
    this.name = 'OutboundTransportError';
    this.code = error.code;
    this.detail = `${this.message} (connected to ${address}: ${error.message})`;
  }
}

/** The request did not complete in time. */
export class OutboundTimeoutError extends Error {
  constructor(url: string, timeoutMs: number) {
    super(`Outbound request to ${safeUrl(url)} timed out after ${timeoutMs} ms`);
    this.name = 'OutboundTimeoutError';
  }
}

function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

const defaultResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
// Headers that may carry credentials are not sent on to another origin.
const CROSS_ORIGIN_KEPT = new Set(['content-type', 'accept', 'user-agent']);

export function createOutboundHttp(options: OutboundHttpOptions): HttpRequestFn {
  const resolver = options.resolver ?? defaultResolver;
  const allowed = options.isAddressAllowed ?? ((address: string) => blockedReason(address) === null);
  const maxResponseBytes = options.maxResponseBytes ?? 64 * 1024;

  /** Resolves and checks the URL's host; returns the address to connect to. */
  async function vet(url: URL): Promise<ResolvedAddress> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new OutboundRefusedError(url.href, `scheme ${url.protocol} is not allowed`);
    if (url.username || url.password) throw new OutboundRefusedError(url.href, 'credentials in the URL are not allowed');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (options.allowedHosts && !isHostAllowed(host, options.allowedHosts))
      throw new OutboundRefusedError(url.href, `${host} is not on this instance's outbound allowlist`);
    const literal = isIP(host);
    if (literal) {
      const reason = blockedReason(host);
      if (!options.allowPrivate && !allowed(host)) throw new OutboundRefusedError(url.href, `${host} is ${reason ?? 'not allowed'}`);
      return { address: host, family: literal === 6 ? 6 : 4 };
    }
    const nameReason = blockedHostnameReason(host);
    if (!options.allowPrivate && nameReason) throw new OutboundRefusedError(url.href, `${host} is an ${nameReason}`);
    let addresses: ResolvedAddress[];
    try {
      addresses = await resolver(host);
    } catch (error) {
      throw new Error(`Could not resolve ${host}: ${(error as Error).message}`, { cause: error });
    }
    if (addresses.length === 0) throw new Error(`Could not resolve ${host}: no addresses`);
    if (!options.allowPrivate) {
      // Every answer must be public: a mixed answer is how rebinding tricks start.
      for (const entry of addresses) {
        if (!allowed(entry.address)) {
          throw new OutboundRefusedError(
            url.href,
            `${host} resolves to an address outbound requests may not reach (internal, private or reserved)`,
            `${host} resolves to ${entry.address}: ${blockedReason(entry.address) ?? 'not allowed'}`,
          );
        }
      }
    }
    return addresses[0] as ResolvedAddress;
  }

  function send(
    url: URL,
    pinned: ResolvedAddress,
    request: { method: string; headers: Record<string, string>; body?: string },
    signal: AbortSignal,
  ) {
    // Connects to the vetted address only, whatever a second lookup would answer.
    const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
      if ((lookupOptions as { all?: boolean }).all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, [pinned]);
      else callback(null, pinned.address, pinned.family);
    };
    const send = url.protocol === 'https:' ? httpsRequestRaw : httpRequestRaw;
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const req = send(url, { method: request.method, headers: request.headers, lookup, agent: false, signal }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size >= maxResponseBytes) return;
          chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).subarray(0, maxResponseBytes).toString('utf8'),
          }),
        );
        res.on('error', reject);
      });
      // An abort is the caller's (timeout, cancellation), not the connection's.
      req.on('error', (error) => reject(signal.aborted ? error : new OutboundTransportError(url.hostname, pinned.address, error)));
      if (request.body !== undefined) req.write(request.body);
      req.end();
    });
  }

  return async function httpRequest(input: OutboundRequest): Promise<OutboundResponse> {
    const started = Date.now();
    const timeoutMs = input.timeoutMs ?? 30_000;
    const maxRedirects = input.maxRedirects ?? 3;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
    let url: URL;
    try {
      url = new URL(input.url);
    } catch {
      throw new OutboundRefusedError(input.url, 'not a valid URL');
    }
    let method = (input.method ?? 'GET').toUpperCase();
    let body = input.body;
    let headers: Record<string, string> = { 'user-agent': options.userAgent ?? 'Tocsin-Webhooks/1.0', ...lowerKeys(input.headers ?? {}) };
    for (let redirects = 0; ; redirects += 1) {
      try {
        const pinned = await abortable(vet(url), signal);
        const response = await send(url, pinned, { method, headers, body }, signal);
        const location = response.headers.location;
        if (!REDIRECTS.has(response.status) || !location || maxRedirects === 0) {
          return { ...response, url: url.href, redirects, durationMs: Date.now() - started };
        }
        if (redirects >= maxRedirects) throw new Error(`Too many redirects (more than ${maxRedirects})`);
        const next = new URL(location, url);
        if (next.origin !== url.origin)
          headers = Object.fromEntries(Object.entries(headers).filter(([name]) => CROSS_ORIGIN_KEPT.has(name)));
        if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
          delete headers['content-type'];
        }
        url = next;
      } catch (error) {
        if (timeout.aborted) throw new OutboundTimeoutError(url.href, timeoutMs);
        throw error;
      }
    }
  };
}

function lowerKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
