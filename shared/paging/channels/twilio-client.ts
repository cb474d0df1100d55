import type twilioSdk from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient.js';
import type { TwilioConnection } from './twilio-connection.ts';

/** Twilio's REST API host, as the SDK builds every URL. */
export const TWILIO_API_ORIGIN = 'https://api.twilio.com';

/** A Twilio REST request gives up after this long; the page is recorded failed and paging goes on. */
export const TWILIO_REQUEST_TIMEOUT_MS = 15_000;

type TwilioSdk = typeof twilioSdk;
export type TwilioRestClient = ReturnType<TwilioSdk>;

// The SDK's REST client is a few hundred modules: loaded at the first SMS or call, not by every
// process that starts.
let loadedSdk: TwilioSdk | undefined;
let loadingSdk: Promise<TwilioSdk> | undefined;
const loadTwilio = (): Promise<TwilioSdk> => (loadingSdk ??= import('twilio').then((module) => (loadedSdk = module.default)));

/**
 * The SDK's own HTTP client, sending what it would send to api.twilio.com to `apiUrl` instead. Only
 * the operator sets that (TWILIO_API_URL: a local fake in tests); no organization can choose where
 * its Auth Token goes.
 */
function redirectedRequestClient(twilio: TwilioSdk, apiUrl: string): RequestClient {
  const base = apiUrl.endsWith('/') ? apiUrl.slice(0, -1) : apiUrl;
  class RedirectedRequestClient extends twilio.RequestClient {
    override request<TData>(opts: RequestClient.RequestOptions<TData>) {
      const uri = opts.uri.startsWith(`${TWILIO_API_ORIGIN}/`) ? base + opts.uri.slice(TWILIO_API_ORIGIN.length) : opts.uri;
      return super.request<TData>({ ...opts, uri });
    }
  }
  return new RedirectedRequestClient({ timeout: TWILIO_REQUEST_TIMEOUT_MS, autoRetry: false });
}

/**
 * Builds REST clients for organizations' Twilio accounts over one shared HTTP client (each request
 * carries its account's credentials). Retries stay off: a page is recorded and the escalation goes
 * on rather than waiting on Twilio's backoff.
 */
export function createTwilioClients(options: { apiUrl?: string } = {}) {
  let httpClient: RequestClient | undefined;
  return async (connection: TwilioConnection): Promise<TwilioRestClient> => {
    const twilio = await loadTwilio();
    httpClient ??= options.apiUrl
      ? redirectedRequestClient(twilio, options.apiUrl)
      : new twilio.RequestClient({ timeout: TWILIO_REQUEST_TIMEOUT_MS, autoRetry: false });
    return twilio(connection.accountSid, connection.authToken, { httpClient, autoRetry: false, lazyLoading: true });
  };
}
export type TwilioClients = ReturnType<typeof createTwilioClients>;

/** What a failed Twilio request is recorded as: Twilio's status, code and message; never a credential. */
export function twilioFailure(error: unknown): string {
  // Only the SDK throws its RestException, so it is loaded whenever an error can be one.
  if (loadedSdk && error instanceof loadedSdk.RestException) {
    return `Twilio answered HTTP ${error.status}${error.code ? ` (error ${error.code})` : ''}: ${error.message}`.slice(0, 1000);
  }
  return `Twilio request failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 1000);
}

/** Resolves as `work` does, or rejects once `signal` aborts (the per-page timeout): the page is then failed. */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  // Abandoned when the signal wins: its own failure then matters to nobody.
  work.catch(() => undefined);
  if (signal.aborted) return Promise.reject(new Error('page send timed out'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('page send timed out'));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
