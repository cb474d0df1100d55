import type * as SlackWebApi from '@slack/web-api';
import type { Logger as SlackLogger, WebClient } from '@slack/web-api';

/** Slack's Web API; SLACK_API_URL replaces it (a local fake in tests), never a tenant's setting. */
export const DEFAULT_SLACK_API_URL = 'https://slack.com/api/';

/** A Slack call waits at most this long (a page's own deadline may cut it shorter). */
const SLACK_CALL_TIMEOUT_MS = 10_000;

type SlackSdk = typeof SlackWebApi;

// The SDK (with axios and form-data, about 60 modules) loads at the first Slack call, not with every
// API and worker process.
let loadedSdk: SlackSdk | undefined;
let loadingSdk: Promise<SlackSdk> | undefined;
const loadSlackSdk = (): Promise<SlackSdk> => (loadingSdk ??= import('@slack/web-api').then((module) => (loadedSdk = module)));

const quietLogger = (sdk: SlackSdk): SlackLogger => ({
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  setLevel: () => {},
  getLevel: () => sdk.LogLevel.ERROR,
  setName: () => {},
});

export interface SlackClientOptions {
  /** The bot token (xoxb-…) of the organization's install; omitted for oauth.v2.access. */
  token?: string;
  apiUrl: string;
  /** Ends the calls in flight (a page's deadline). */
  signal?: AbortSignal;
}

/**
 * The official SDK's client, pointed at SLACK_API_URL only (method names never override the host),
 * retrying briefly: a page must not wait behind Slack's rate limits for minutes.
 */
export async function createSlackClient(options: SlackClientOptions): Promise<WebClient> {
  const { signal } = options;
  const sdk = await loadSlackSdk();
  return new sdk.WebClient(options.token, {
    slackApiUrl: options.apiUrl.endsWith('/') ? options.apiUrl : `${options.apiUrl}/`,
    allowAbsoluteUrls: false,
    logger: quietLogger(sdk),
    timeout: SLACK_CALL_TIMEOUT_MS,
    rejectRateLimitedCalls: true,
    retryConfig: { retries: 2, factor: 2, minTimeout: 250, maxTimeout: 2000 },
    ...(signal
      ? { fetch: (url, init) => globalThis.fetch(url, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal }) }
      : {}),
  });
}

/**
 * What people see of a failed Slack call: Slack's error code (`channel_not_found`, `invalid_auth`)
 * or the kind of failure, never a token or a response body.
 */
export function slackFailure(error: unknown): string {
  // An error from a Slack call: the SDK is loaded.
  if (loadedSdk && error instanceof loadedSdk.WebAPIPlatformError) return `Slack refused: ${String(error.data.error).slice(0, 100)}`;
  if (loadedSdk && error instanceof loadedSdk.WebAPIRateLimitedError)
    return `Slack rate limited the call (retry after ${error.retryAfter} s)`;
  if (error instanceof Error && error.name === 'AbortError') return 'Slack did not answer in time';
  return 'Slack could not be reached';
}
