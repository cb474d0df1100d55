/** One outbound HTTP request made on behalf of a workflow (runbook http steps, deliveries). */
export interface OutboundRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Aborts the request when the activity is cancelled. */
  signal?: AbortSignal;
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string>;
  /** The body as text, cut at `maxBodyBytes`. */
  body: string;
}

/**
 * The port every outbound call goes through, so a guarded client (SSRF checks, pinned addresses,
 * no redirects to private targets) can replace the default one without touching the activities.
 * Throws `OutboundRequestRefused` for a target it will not call; any other error is a transport
 * failure worth retrying.
 */
export type HttpRequest = (request: OutboundRequest) => Promise<OutboundResponse>;

export class OutboundRequestRefused extends Error {
  /** For the server's log: may name internal addresses the message leaves out. */
  readonly detail: string;
  constructor(message: string, detail?: string) {
    super(message);
    this.name = 'OutboundRequestRefused';
    this.detail = detail ?? message;
  }
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size >= maxBytes) {
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(all.subarray(0, maxBytes));
}

/**
 * The default client: Node's fetch, http(s) only, redirects not followed (a 3xx is answered as is,
 * so a redirect cannot lead somewhere the caller did not choose), a 30 s timeout. It does not
 * check target addresses; production wiring passes the SSRF-guarded client instead.
 */
export function createFetchHttpRequest(options: { timeoutMs?: number; maxBodyBytes?: number } = {}): HttpRequest {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024;
  return async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      throw new OutboundRequestRefused(`Not a valid URL: ${request.url}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new OutboundRequestRefused(`Only http and https URLs may be called, not ${url.protocol}`);
    }
    const timeout = AbortSignal.timeout(timeoutMs);
    const response = await fetch(url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout,
    });
    return {
      status: response.status,
      headers: Object.fromEntries(response.headers.entries()),
      body: await readCapped(response, maxBodyBytes),
    };
  };
}
