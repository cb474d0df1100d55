import { apiError, unreachable } from './api.ts';
import type { CliConfig } from './config-store.ts';
import { userAgent } from './version.ts';

/**
 * One API call with the saved API key and loose types (teams, status updates, priority runbooks); `auth: false`
 * sends no key. Commands on the generated client use `createApi` (api.ts) instead.
 */
export async function call<T>(
  config: CliConfig,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  auth = true,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path.startsWith('http') ? path : `${config.url}/api/v1${path}`, {
      method,
      headers: {
        ...(auth ? { 'x-api-key': config.api_key } : {}),
        'user-agent': userAgent(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    throw unreachable(config.url, error);
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: reported as the text it is.
  }
  if (response.ok) return parsed as T;
  throw apiError(response.status, parsed);
}
