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
 * The port runbook http steps call through; its one implementation is the SSRF-guarded client
 * (guarded-http-request.ts), passed in by the worker. Throws `OutboundRequestRefused` for a target
 * it will not call; any other error is a transport failure worth retrying.
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
