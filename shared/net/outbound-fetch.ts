import type { HttpRequestFn } from './outbound-http.ts';

/** What a library hands its custom fetch (openid-client's `customFetch`): a URL and plain options. */
export interface FetchOptions {
  method?: string;
  headers?: Record<string, string> | Headers;
  body?: ArrayBuffer | Uint8Array | URLSearchParams | string | ReadableStream | null;
  signal?: AbortSignal | null;
  redirect?: string;
}

export type GuardedFetch = (url: string, options?: FetchOptions) => Promise<Response>;

// Statuses a Response may not carry a body with.
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * A fetch-shaped front on the guarded client, for libraries that take their own fetch: every
 * request goes through the same address checks, DNS pinning and allowlist. Redirects are returned
 * as they are (the library asks for `redirect: 'manual'`), never followed.
 */
export function createGuardedFetch(httpRequest: HttpRequestFn, options: { timeoutMs?: number } = {}): GuardedFetch {
  return async (url, init = {}) => {
    let response: Awaited<ReturnType<HttpRequestFn>>;
    try {
      response = await httpRequest({
        url,
        method: init.method ?? 'GET',
        headers: init.headers instanceof Headers ? Object.fromEntries(init.headers.entries()) : (init.headers ?? {}),
        body: bodyText(init.body),
        maxRedirects: 0,
        ...(init.signal ? { signal: init.signal } : {}),
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      });
    } catch (error) {
      if (init.signal?.aborted) throw init.signal.reason;
      // As fetch does: a request that got no answer (refused target, DNS, connection, timeout) is a
      // TypeError; the guarded client's error, which may name an address, stays in `cause` for the log.
      throw new TypeError('fetch failed', { cause: error });
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
    return new Response(NULL_BODY.has(response.status) ? null : response.body, { status: response.status, headers });
  };
}

function bodyText(body: FetchOptions['body']): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ArrayBuffer || body instanceof Uint8Array) return Buffer.from(body as Uint8Array).toString('utf8');
  throw new TypeError('A streamed request body is not supported by the guarded client');
}
