import type { Client } from 'openapi-fetch';
import { createTocsinClient } from '../typescript/client.ts';
import type { paths } from '../typescript/schema.d.ts';
import type { CliConfig } from './config-store.ts';
import { CliError, EXIT, exitCodeForStatus } from './exit-codes.ts';
import { userAgent } from './version.ts';

export type Api = Client<paths>;

export function createApi(config: CliConfig): Api {
  return createTocsinClient({ baseUrl: config.url, apiKey: config.api_key, userAgent: userAgent() });
}

/** A connection failure (refused, DNS, TLS) as the CLI reports it. */
export function unreachable(url: string, error: unknown): CliError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return new CliError(EXIT.UNAVAILABLE, 'UNREACHABLE', `cannot reach ${url}: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
}

/**
 * The data of a successful answer, or a CliError carrying the API's `code` and `detail` (or the
 * webhook shape's `error.code`/`error.message`) and the exit code for its status.
 */
export async function unwrap<T>(
  url: string,
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
  options: { webhook?: boolean } = {},
): Promise<T> {
  let result: Awaited<typeof call>;
  try {
    result = await call;
  } catch (error) {
    throw unreachable(url, error);
  }
  if (result.response.ok) return result.data as T;
  throw apiError(result.response.status, result.error, options);
}

export function apiError(status: number, body: unknown, options: { webhook?: boolean } = {}): CliError {
  const flat = body as { code?: string; detail?: string; errors?: Array<{ path: string; message: string }> } | undefined;
  const nested = (body as { error?: { code?: string; message?: string } } | undefined)?.error;
  const code = flat?.code ?? nested?.code ?? `HTTP_${status}`;
  const fieldErrors = flat?.errors?.length
    ? `: ${flat.errors.map((error) => `${error.path || '(body)'} ${error.message}`).join('; ')}`
    : '';
  const message = `${flat?.detail ?? nested?.message ?? (typeof body === 'string' && body ? body : `the server answered ${status}`)}${fieldErrors}`;
  return new CliError(exitCodeForStatus(status, options), code, message, status);
}
