import { createTocsinClient, type components } from '../../../clients/typescript/client.ts';

export type Schemas = components['schemas'];
export type Incident = Schemas['Incident'];
export type IncidentDetail = Schemas['IncidentDetail'];
export type Execution = Schemas['Execution'];
export type Me = Schemas['Me'];

/** An error answer of the API, with its contract code (`INVALID_TOKEN`, `NOT_FOUND`, ...). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** On 422: which fields are wrong and why. */
  readonly errors: ReadonlyArray<{ path: string; message: string }>;
  constructor(status: number, code: string, detail: string, errors: ReadonlyArray<{ path: string; message: string }> = []) {
    super(detail);
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

const AUTH_PATHS = ['/api/v1/auth/login', '/api/v1/auth/refresh', '/api/v1/auth/logout'];
let refreshing: Promise<boolean> | undefined;

/**
 * The session lives in the API's httpOnly cookies. An access token lasts minutes: a request
 * refused with 401 refreshes it once through the refresh cookie (one refresh at a time, shared by
 * every request that was refused meanwhile) and is sent again.
 */
async function fetchWithRefresh(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const retry = request.clone();
  const response = await fetch(request);
  if (response.status !== 401 || AUTH_PATHS.includes(new URL(request.url).pathname)) return response;
  if (!(await refreshSession())) return response;
  return fetch(retry);
}

/** Exchanges the refresh cookie for new session cookies; false when the session is over. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= api
    .POST('/api/v1/auth/refresh', { body: {} })
    .then(
      ({ response }) => response.ok,
      () => false,
    )
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

/**
 * Only for a route the generated client does not describe yet (it is regenerated when routes
 * merge; then move the call to `api` with `unwrap`/`expectOk` and `Schemas` types): same origin,
 * same refresh, same errors as `unwrap`. Answers without a body give undefined.
 */
export async function callApi<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await fetchWithRefresh(new URL(`/api/v1${path}`, window.location.origin), {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (response.ok) return parsed as T;
  const error = (parsed ?? {}) as { code?: string; detail?: string; errors?: Array<{ path: string; message: string }> };
  throw new ApiError(
    response.status,
    error.code ?? 'HTTP_ERROR',
    error.detail ?? `${response.status} ${response.statusText}`,
    Array.isArray(error.errors) ? error.errors : [],
  );
}

/** The generated client (clients/typescript), same origin, cookies included. */
export const api = createTocsinClient({ baseUrl: window.location.origin, fetch: fetchWithRefresh });

/** The `data` of an openapi-fetch result, or the API's error thrown as an ApiError. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data !== undefined && result.response.ok) return result.data;
  const error = (result.error ?? {}) as { code?: string; detail?: string; errors?: Array<{ path: string; message: string }> };
  throw new ApiError(
    result.response.status,
    error.code ?? 'HTTP_ERROR',
    error.detail ?? `${result.response.status} ${result.response.statusText}`,
    Array.isArray(error.errors) ? error.errors : [],
  );
}

/** For answers without a body (204): the API's error thrown as an ApiError, as `unwrap` does. */
export function expectOk(result: { error?: unknown; response: Response }): void {
  if (result.response.ok) return;
  const error = (result.error ?? {}) as { code?: string; detail?: string; errors?: Array<{ path: string; message: string }> };
  throw new ApiError(
    result.response.status,
    error.code ?? 'HTTP_ERROR',
    error.detail ?? `${result.response.status}`,
    Array.isArray(error.errors) ? error.errors : [],
  );
}

/** Instance settings the API writes into index.html (a meta tag: no inline script under the CSP). */
export interface ConsoleConfig {
  temporalUiUrl: string;
  temporalNamespace: string;
}

export function consoleConfig(): ConsoleConfig {
  const raw = document.querySelector('meta[name="tocsin-config"]')?.getAttribute('content') ?? '';
  try {
    const parsed = JSON.parse(raw) as Partial<ConsoleConfig>;
    return { temporalUiUrl: parsed.temporalUiUrl ?? 'http://localhost:8233', temporalNamespace: parsed.temporalNamespace ?? 'default' };
  } catch {
    return { temporalUiUrl: 'http://localhost:8233', temporalNamespace: 'default' };
  }
}

export function temporalWorkflowUrl(workflowId: string): string {
  const { temporalUiUrl, temporalNamespace } = consoleConfig();
  let base = temporalUiUrl;
  while (base.endsWith('/')) base = base.slice(0, -1);
  return `${base}/namespaces/${encodeURIComponent(temporalNamespace)}/workflows/${encodeURIComponent(workflowId)}`;
}

/** The page size `everyPage` reads with. */
export const LIST_PAGE = 100;

/**
 * Every item of a paginated list, a page at a time (at most `maxPages`, 10,000 items by default):
 * `read` fetches the page at `offset` with `limit: LIST_PAGE`.
 */
export async function everyPage<T>(
  read: (offset: number) => Promise<{ data: T[]; meta: { total: number } }>,
  maxPages = 100,
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 0; page < maxPages; page += 1) {
    const { data, meta } = await read(page * LIST_PAGE);
    items.push(...data);
    if (data.length < LIST_PAGE || items.length >= meta.total) break;
  }
  return items;
}
