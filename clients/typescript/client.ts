import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema.d.ts';

export type { components, operations, paths } from './schema.d.ts';

export interface TocsinClientOptions {
  /** The instance root, e.g. `https://tocsin.example.com` (paths carry `/api/v1`). */
  baseUrl: string;
  /** An API key (`tocsin_ak_...`), sent as `X-API-Key`. */
  apiKey?: string;
  /** An access token (JWT), sent as `Authorization: Bearer`. */
  accessToken?: string;
  userAgent?: string;
  fetch?: typeof fetch;
}

/** A typed client for every route in clients/openapi.json (openapi-fetch over the generated types). */
export function createTocsinClient(options: TocsinClientOptions): Client<paths> {
  const headers: Record<string, string> = {};
  if (options.apiKey) headers['X-API-Key'] = options.apiKey;
  if (options.accessToken) headers.Authorization = `Bearer ${options.accessToken}`;
  if (options.userAgent) headers['User-Agent'] = options.userAgent;
  let baseUrl = options.baseUrl;
  while (baseUrl.endsWith('/')) baseUrl = baseUrl.slice(0, -1);
  return createClient<paths>({ baseUrl, headers, ...(options.fetch ? { fetch: options.fetch } : {}) });
}
