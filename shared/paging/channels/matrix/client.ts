import type { HttpRequestFn } from '../../../net/outbound-http.ts';

/**
 * The few Matrix client-server API calls the bot makes (spec: /_matrix/client/v3), through the
 * SSRF-guarded client, authenticated with the bot account's access token.
 */

export interface MatrixAccount {
  /** The homeserver's client-server base URL, e.g. https://matrix.example.com. */
  homeserverUrl: string;
  accessToken: string;
}

/** The homeserver answered with an error (`errcode` is Matrix's, e.g. M_FORBIDDEN, M_UNKNOWN_TOKEN). */
export class MatrixApiError extends Error {
  readonly status: number;
  readonly errcode: string | undefined;
  constructor(what: string, status: number, errcode: string | undefined, error: string | undefined) {
    super(`Matrix homeserver refused ${what}: HTTP ${status}${errcode ? ` ${errcode}` : ''}${error ? ` (${error.slice(0, 200)})` : ''}`);
    this.name = 'MatrixApiError';
    this.status = status;
    this.errcode = errcode;
  }
}

export interface MatrixEvent {
  type: string;
  event_id: string;
  sender: string;
  origin_server_ts?: number;
  content: Record<string, unknown>;
  state_key?: string;
  unsigned?: Record<string, unknown>;
}

export interface MatrixSyncResponse {
  next_batch: string;
  rooms?: {
    join?: Record<string, { timeline?: { events?: MatrixEvent[]; limited?: boolean } }>;
    invite?: Record<string, unknown>;
  };
}

export interface MatrixClient {
  whoami(signal?: AbortSignal): Promise<{ userId: string }>;
  /** PUT /send with the transaction id: the homeserver answers a repeated id with the first event, sending nothing. */
  send(roomId: string, eventType: string, txnId: string, content: Record<string, unknown>, signal?: AbortSignal): Promise<string>;
  event(roomId: string, eventId: string, signal?: AbortSignal): Promise<MatrixEvent>;
  resolveAlias(alias: string, signal?: AbortSignal): Promise<string>;
  join(roomIdOrAlias: string, signal?: AbortSignal): Promise<string>;
  createDirectRoom(userId: string, signal?: AbortSignal): Promise<string>;
  /** The user's membership of a room (join, invite, leave, ban), null when they never were in it. */
  membership(roomId: string, userId: string, signal?: AbortSignal): Promise<string | null>;
  accountData(userId: string, type: string, signal?: AbortSignal): Promise<Record<string, unknown> | null>;
  setAccountData(userId: string, type: string, content: Record<string, unknown>, signal?: AbortSignal): Promise<void>;
  sync(options: { since?: string; timeoutMs: number; filter: string }, signal?: AbortSignal): Promise<MatrixSyncResponse>;
}

const enc = encodeURIComponent;

export function createMatrixClient(http: HttpRequestFn, account: MatrixAccount): MatrixClient {
  const base = `${new URL(account.homeserverUrl).origin}/_matrix/client/v3`;

  async function call<T>(
    what: string,
    method: string,
    path: string,
    options: { body?: unknown; signal?: AbortSignal; timeoutMs?: number; notFound?: T } = {},
  ): Promise<T> {
    const response = await http({
      url: `${base}${path}`,
      method,
      headers: {
        authorization: `Bearer ${account.accessToken}`,
        accept: 'application/json',
        ...(options.body ? { 'content-type': 'application/json' } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      timeoutMs: options.timeoutMs ?? 15_000,
      // A redirect would carry the token elsewhere: the homeserver URL must be the real one.
      maxRedirects: 0,
      signal: options.signal,
    });
    let parsed: Record<string, unknown> = {};
    try {
      parsed = response.body ? (JSON.parse(response.body) as Record<string, unknown>) : {};
    } catch {
      if (response.status < 300) throw new MatrixApiError(what, response.status, undefined, 'the answer is not JSON');
    }
    if (response.status === 404 && 'notFound' in options) return options.notFound as T;
    if (response.status < 200 || response.status >= 300)
      throw new MatrixApiError(what, response.status, stringOr(parsed.errcode), stringOr(parsed.error));
    return parsed as T;
  }

  return {
    async whoami(signal) {
      const body = await call<{ user_id?: unknown }>('whoami', 'GET', '/account/whoami', { signal });
      if (typeof body.user_id !== 'string') throw new MatrixApiError('whoami', 200, undefined, 'no user_id');
      return { userId: body.user_id };
    },
    async send(roomId, eventType, txnId, content, signal) {
      const body = await call<{ event_id?: unknown }>(
        'sending a message',
        'PUT',
        `/rooms/${enc(roomId)}/send/${enc(eventType)}/${enc(txnId)}`,
        {
          body: content,
          signal,
        },
      );
      if (typeof body.event_id !== 'string') throw new MatrixApiError('sending a message', 200, undefined, 'no event_id');
      return body.event_id;
    },
    event: (roomId, eventId, signal) =>
      call<MatrixEvent>('reading an event', 'GET', `/rooms/${enc(roomId)}/event/${enc(eventId)}`, { signal }),
    async resolveAlias(alias, signal) {
      const body = await call<{ room_id?: unknown }>(`resolving ${alias}`, 'GET', `/directory/room/${enc(alias)}`, { signal });
      if (typeof body.room_id !== 'string') throw new MatrixApiError(`resolving ${alias}`, 200, undefined, 'no room_id');
      return body.room_id;
    },
    async join(roomIdOrAlias, signal) {
      const body = await call<{ room_id?: unknown }>(`joining ${roomIdOrAlias}`, 'POST', `/join/${enc(roomIdOrAlias)}`, {
        body: {},
        signal,
      });
      if (typeof body.room_id !== 'string') throw new MatrixApiError(`joining ${roomIdOrAlias}`, 200, undefined, 'no room_id');
      return body.room_id;
    },
    async createDirectRoom(userId, signal) {
      const body = await call<{ room_id?: unknown }>('creating a direct room', 'POST', '/createRoom', {
        body: { is_direct: true, invite: [userId], preset: 'trusted_private_chat', name: 'Tocsin pages' },
        signal,
      });
      if (typeof body.room_id !== 'string') throw new MatrixApiError('creating a direct room', 200, undefined, 'no room_id');
      return body.room_id;
    },
    async membership(roomId, userId, signal) {
      const body = await call<{ membership?: unknown } | null>(
        'reading a membership',
        'GET',
        `/rooms/${enc(roomId)}/state/m.room.member/${enc(userId)}`,
        { signal, notFound: null },
      );
      return body && typeof body.membership === 'string' ? body.membership : null;
    },
    accountData: (userId, type, signal) =>
      call<Record<string, unknown> | null>('reading account data', 'GET', `/user/${enc(userId)}/account_data/${enc(type)}`, {
        signal,
        notFound: null,
      }),
    async setAccountData(userId, type, content, signal) {
      await call('writing account data', 'PUT', `/user/${enc(userId)}/account_data/${enc(type)}`, { body: content, signal });
    },
    sync: ({ since, timeoutMs, filter }, signal) =>
      call<MatrixSyncResponse>(
        'syncing',
        'GET',
        `/sync?${new URLSearchParams({ timeout: String(timeoutMs), filter, ...(since ? { since } : {}) }).toString()}`,
        // The long poll, plus room for the answer.
        { signal, timeoutMs: timeoutMs + 30_000 },
      ),
  };
}

const stringOr = (value: unknown) => (typeof value === 'string' ? value : undefined);
