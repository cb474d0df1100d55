import type { Server as HttpServer } from 'node:http';
import { RequestContext } from '@mikro-orm/core';
import { Server, type Socket } from 'socket.io';
import { belongsToOrganization, domainEventData } from '../shared/db/access/realtime.ts';
import type { Orm } from '../shared/db/orm.ts';
import { createPgListener } from '../shared/db/pg-listener.ts';
import { hasPermission } from '../shared/domain/permissions.ts';
import {
  isRealtimeEventType,
  NOTIFICATION_EVENT,
  REALTIME_CHANNEL,
  type ClientToServerEvents,
  type RealtimeEnvelope,
  type RealtimeNotice,
  type ServerToClientEvents,
  type SubscriptionAck,
  type SubscriptionRequest,
} from '../shared/domain/realtime.ts';
import type { Logger } from '../shared/logger.ts';
import type { AuthContext } from './auth-context.ts';
import { ACCESS_COOKIE } from './routes/session-cookies.ts';
import { credentialTag, type CredentialCache } from './services/credential-cache.ts';

export const REALTIME_PATH = '/api/v1/ws';

export interface RealtimeDeps {
  orm: Orm;
  logger: Logger;
  /** A dedicated connection LISTENs here (not from the pool: LISTEN lives on one session). */
  databaseUrl: string;
  authenticateToken: (token: string) => Promise<AuthContext>;
  corsOrigins?: readonly string[];
  /**
   * This process's credential cache: every credential change (logout, revocation, key deleted,
   * user removed or demoted, password reset), whichever process made it, is announced here, and
   * the connections it concerns have their credential checked again.
   */
  credentialChanges?: Pick<CredentialCache, 'onInvalidate'>;
}

interface SocketData {
  auth: AuthContext;
  /** The handshake's credential, checked again whenever a change may concern it. */
  token: string;
}

/** The credential-cache tags (credential-cache.ts) a change to this connection's credential is announced with. */
export function credentialTagsOf(auth: AuthContext): string[] {
  const tags = [credentialTag.user(auth.userId), credentialTag.organization(auth.organizationId)];
  if (auth.tokenId) tags.push(credentialTag.token(auth.tokenId));
  if (auth.apiKeyId) tags.push(credentialTag.apiKey(auth.apiKeyId));
  if (auth.sessionId) tags.push(credentialTag.session(auth.sessionId));
  return tags;
}

/** Credential re-checks run at most this many at a time (a reconnect of the listener re-checks every connection). */
const RECHECK_CONCURRENCY = 4;

type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface Realtime {
  io: RealtimeServer;
  /** Resolves once the first LISTEN is in place (tests wait for it before causing events). */
  ready: Promise<void>;
  /** Disconnects clients, stops listening and closes the HTTP server it is attached to. */
  close(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `access_token` session cookie of a handshake's Cookie header. */
export function accessTokenCookie(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === ACCESS_COOKIE.name) return part.slice(separator + 1).trim() || undefined;
  }
  return undefined;
}

/**
 * Browsers send cookies with a WebSocket handshake whatever page opened it, so the session cookie
 * counts only when the handshake's Origin is this host (the console) or a declared CORS origin:
 * another site's page cannot ride a signed-in user's session (cross-site WebSocket hijacking).
 */
function cookieOriginAllowed(socket: RealtimeSocket, corsOrigins: readonly string[]): boolean {
  const origin = socket.handshake.headers.origin;
  if (!origin) return false;
  if (corsOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === socket.handshake.headers.host;
  } catch {
    return false;
  }
}

function handshakeToken(socket: RealtimeSocket, corsOrigins: readonly string[]): string | undefined {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  const fromQuery = socket.handshake.query.token;
  const raw = typeof fromAuth === 'string' && fromAuth ? fromAuth : typeof fromQuery === 'string' ? fromQuery : undefined;
  const explicit = raw?.replace(/^Bearer\s+/i, '') || undefined;
  if (explicit) return explicit;
  return cookieOriginAllowed(socket, corsOrigins) ? accessTokenCookie(socket.handshake.headers.cookie) : undefined;
}

function refusal(code: string, message: string): Error {
  return Object.assign(new Error(message), { data: { code } });
}

/**
 * socket.io at `/api/v1/ws` on the API's HTTP server. A client authenticates with `auth.token`
 * or `?token=` (a JWT or an API key), or, from the console's origin, the session cookie, holding
 * `incidents:read`, joins `org:<its organization>` and,
 * for a user, `user:<id>` (its notifications); `subscribe` adds `incident:<id>` or
 * `execution:<id>` rooms of its own organization. Events arrive through PostgreSQL LISTEN/NOTIFY
 * from the outbox relay, so every API process emits every event to its own clients. A connection
 * lasts no longer than its credential: when the credential cache announces a change that concerns
 * it (in whichever process it was made), its credential is checked again and, if refused now, the
 * connection is closed.
 */
export function attachRealtime(server: HttpServer, deps: RealtimeDeps): Realtime {
  const io: RealtimeServer = new Server(server, {
    path: REALTIME_PATH,
    serveClient: false,
    cors: { origin: [...(deps.corsOrigins ?? [])], credentials: true },
  });

  io.use((socket, next) => {
    const token = handshakeToken(socket, deps.corsOrigins ?? []);
    if (!token) return next(refusal('INVALID_TOKEN', 'Not authenticated'));
    RequestContext.create(deps.orm.em, () => deps.authenticateToken(token)).then(
      (auth) => {
        if (!hasPermission(auth.permissions, 'incidents:read'))
          return next(refusal('INSUFFICIENT_PERMISSIONS', 'incidents:read is required'));
        socket.data.auth = auth;
        socket.data.token = token;
        next();
      },
      (error: unknown) =>
        next(refusal((error as { code?: string }).code ?? 'INVALID_TOKEN', (error as Error).message || 'Not authenticated')),
    );
  });

  const belongs = async (table: 'incidents' | 'executions', id: string, organizationId: string) => {
    return belongsToOrganization(deps.orm.em.fork(), table, id, organizationId);
  };
  const roomFor = async (socket: RealtimeSocket, request: SubscriptionRequest): Promise<string | Error> => {
    const { organizationId } = socket.data.auth;
    if (typeof request?.incident_id === 'string' && UUID.test(request.incident_id)) {
      return (await belongs('incidents', request.incident_id, organizationId))
        ? `incident:${request.incident_id}`
        : new Error('Incident not found');
    }
    if (typeof request?.execution_id === 'string' && UUID.test(request.execution_id)) {
      return (await belongs('executions', request.execution_id, organizationId))
        ? `execution:${request.execution_id}`
        : new Error('Execution not found');
    }
    return new Error('Give incident_id or execution_id (a UUID)');
  };

  // Connections by the tags of their credential, so a change reaches exactly the ones it concerns.
  const socketsByTag = new Map<string, Set<RealtimeSocket>>();
  const indexed = new Map<RealtimeSocket, string[]>();
  const index = (socket: RealtimeSocket) => {
    const tags = credentialTagsOf(socket.data.auth);
    indexed.set(socket, tags);
    for (const tag of tags) {
      let sockets = socketsByTag.get(tag);
      if (!sockets) socketsByTag.set(tag, (sockets = new Set()));
      sockets.add(socket);
    }
  };
  const unindex = (socket: RealtimeSocket) => {
    for (const tag of indexed.get(socket) ?? []) {
      const sockets = socketsByTag.get(tag);
      sockets?.delete(socket);
      if (sockets?.size === 0) socketsByTag.delete(tag);
    }
    indexed.delete(socket);
  };

  /**
   * Authenticates the connection's credential again, as a new handshake would: it keeps the
   * connection (with its current role and permissions) only if it would be let in now, in the same
   * organization. Any failure disconnects; the client reconnects and authenticates afresh.
   */
  async function recheck(socket: RealtimeSocket): Promise<void> {
    if (!socket.connected) return;
    const { auth, token } = socket.data;
    const fresh = await RequestContext.create(deps.orm.em, () => deps.authenticateToken(token)).catch(() => undefined);
    if (!socket.connected) return;
    if (fresh && fresh.organizationId === auth.organizationId && hasPermission(fresh.permissions, 'incidents:read')) {
      unindex(socket);
      socket.data.auth = fresh;
      index(socket);
      return;
    }
    socket.disconnect(true);
  }
  const queue = new Set<RealtimeSocket>();
  let running = 0;
  const pump = () => {
    while (running < RECHECK_CONCURRENCY && queue.size > 0) {
      const socket = queue.values().next().value as RealtimeSocket;
      // Out of the queue before the check starts: a change announced meanwhile queues it again.
      queue.delete(socket);
      running += 1;
      recheck(socket)
        .catch((error: unknown) => deps.logger.warn({ err: error }, 'realtime credential re-check failed'))
        .finally(() => {
          running -= 1;
          pump();
        });
    }
  };
  const stopWatching = deps.credentialChanges?.onInvalidate((tags) => {
    const affected = tags === 'all' ? indexed.keys() : tags.flatMap((tag) => [...(socketsByTag.get(tag) ?? [])]);
    for (const socket of affected) queue.add(socket);
    pump();
  });

  io.on('connection', (socket) => {
    const { auth } = socket.data;
    index(socket);
    socket.once('disconnect', () => {
      unindex(socket);
      queue.delete(socket);
    });
    void socket.join(`org:${auth.organizationId}`);
    if (auth.kind === 'user') void socket.join(`user:${auth.userId}`);
    // A connection does not outlive its access token.
    if (auth.tokenExpiresAt) {
      const expiry = setTimeout(() => socket.disconnect(true), Math.max(0, auth.tokenExpiresAt.getTime() - Date.now()));
      socket.once('disconnect', () => clearTimeout(expiry));
    }
    const handle = (join: boolean) => (request: SubscriptionRequest, ack?: SubscriptionAck) => {
      roomFor(socket, request).then(
        async (room) => {
          if (room instanceof Error) return ack?.({ ok: false, error: room.message });
          if (join) await socket.join(room);
          else await socket.leave(room);
          ack?.({ ok: true, room });
        },
        (error: unknown) => {
          deps.logger.warn({ err: error }, 'realtime subscription failed');
          ack?.({ ok: false, error: 'Subscription failed' });
        },
      );
    };
    socket.on('subscribe', handle(true));
    socket.on('unsubscribe', handle(false));
  });

  const emitNotice = async (notice: RealtimeNotice) => {
    if (notice.kind === 'notification') {
      const message: RealtimeEnvelope<typeof NOTIFICATION_EVENT> = {
        type: NOTIFICATION_EVENT,
        data: notice.data,
        organization_id: notice.organization_id,
        timestamp: notice.timestamp,
      };
      io.to(`user:${notice.user_id}`).emit(NOTIFICATION_EVENT, message);
      return;
    }
    if (!isRealtimeEventType(notice.type)) return;
    let data = notice.data;
    if (!data) {
      // Too large for NOTIFY: read it from the outbox row.
      const stored = await domainEventData(deps.orm.em.fork(), notice.id, notice.organization_id);
      if (!stored) return;
      data = stored;
    }
    const rooms = [`org:${notice.organization_id}`];
    if (notice.incident_id) rooms.push(`incident:${notice.incident_id}`);
    if (notice.execution_id) rooms.push(`execution:${notice.execution_id}`);
    const type = notice.type;
    const message = { type, data, organization_id: notice.organization_id, timestamp: notice.timestamp } as RealtimeEnvelope<never>;
    // One emit to several rooms reaches each socket once; every room belongs to the event's organization.
    io.to(rooms).emit(type, message);
  };
  // Notices sent while the connection is down are missed: clients re-read over REST after a
  // reconnect, as they do after their own.
  const listener = createPgListener({
    databaseUrl: deps.databaseUrl,
    channel: REALTIME_CHANNEL,
    logger: deps.logger,
    onNotification: (payload) => {
      if (!payload) return;
      let notice: RealtimeNotice;
      try {
        notice = JSON.parse(payload) as RealtimeNotice;
      } catch (error) {
        deps.logger.warn({ err: error }, 'unreadable realtime notice');
        return;
      }
      emitNotice(notice).catch((error: unknown) => deps.logger.warn({ err: error }, 'realtime emit failed'));
    },
  });

  return {
    io,
    ready: listener.ready,
    async close() {
      stopWatching?.();
      await listener.close();
      io.disconnectSockets(true);
      // Resolves once the http server has closed, as its callback did.
      await io.close();
    },
  };
}
