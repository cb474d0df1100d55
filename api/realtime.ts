import type { Server as HttpServer } from 'node:http';
import { RequestContext } from '@mikro-orm/core';
import { Server, type Socket } from 'socket.io';
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

export const REALTIME_PATH = '/api/v1/ws';

export interface RealtimeDeps {
  orm: Orm;
  logger: Logger;
  /** A dedicated connection LISTENs here (not from the pool: LISTEN lives on one session). */
  databaseUrl: string;
  authenticateToken: (token: string) => Promise<AuthContext>;
  corsOrigins?: readonly string[];
}

interface SocketData {
  auth: AuthContext;
}

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

function handshakeToken(socket: RealtimeSocket): string | undefined {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  const fromQuery = socket.handshake.query.token;
  const raw = typeof fromAuth === 'string' && fromAuth ? fromAuth : typeof fromQuery === 'string' ? fromQuery : undefined;
  return raw?.replace(/^Bearer\s+/i, '') || undefined;
}

function refusal(code: string, message: string): Error {
  return Object.assign(new Error(message), { data: { code } });
}

/**
 * socket.io at `/api/v1/ws` on the API's HTTP server. A client authenticates with `auth.token`
 * or `?token=` (a JWT or an API key) holding `incidents:read`, joins `org:<its organization>` and,
 * for a user, `user:<id>` (its notifications); `subscribe` adds `incident:<id>` or
 * `execution:<id>` rooms of its own organization. Events arrive through PostgreSQL LISTEN/NOTIFY
 * from the outbox relay, so every API process emits every event to its own clients.
 */
export function attachRealtime(server: HttpServer, deps: RealtimeDeps): Realtime {
  const io: RealtimeServer = new Server(server, {
    path: REALTIME_PATH,
    serveClient: false,
    cors: { origin: [...(deps.corsOrigins ?? [])], credentials: true },
  });

  io.use((socket, next) => {
    const token = handshakeToken(socket);
    if (!token) return next(refusal('INVALID_TOKEN', 'Not authenticated'));
    RequestContext.create(deps.orm.em, () => deps.authenticateToken(token)).then(
      (auth) => {
        if (!hasPermission(auth.permissions, 'incidents:read')) return next(refusal('INSUFFICIENT_PERMISSIONS', 'incidents:read is required'));
        socket.data.auth = auth;
        next();
      },
      (error: unknown) => next(refusal((error as { code?: string }).code ?? 'INVALID_TOKEN', (error as Error).message || 'Not authenticated')),
    );
  });

  const belongs = async (table: 'incidents' | 'executions', id: string, organizationId: string) => {
    const rows = await deps.orm.em.fork().execute<unknown[]>(`select 1 from ${table} where id = ? and organization_id = ?`, [id, organizationId]);
    return rows.length > 0;
  };
  const roomFor = async (socket: RealtimeSocket, request: SubscriptionRequest): Promise<string | Error> => {
    const { organizationId } = socket.data.auth;
    if (typeof request?.incident_id === 'string' && UUID.test(request.incident_id)) {
      return (await belongs('incidents', request.incident_id, organizationId)) ? `incident:${request.incident_id}` : new Error('Incident not found');
    }
    if (typeof request?.execution_id === 'string' && UUID.test(request.execution_id)) {
      return (await belongs('executions', request.execution_id, organizationId)) ? `execution:${request.execution_id}` : new Error('Execution not found');
    }
    return new Error('Give incident_id or execution_id (a UUID)');
  };

  io.on('connection', (socket) => {
    const { auth } = socket.data;
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
      const message: RealtimeEnvelope<typeof NOTIFICATION_EVENT> = { type: NOTIFICATION_EVENT, data: notice.data, organization_id: notice.organization_id, timestamp: notice.timestamp };
      io.to(`user:${notice.user_id}`).emit(NOTIFICATION_EVENT, message);
      return;
    }
    if (!isRealtimeEventType(notice.type)) return;
    let data = notice.data;
    if (!data) {
      // Too large for NOTIFY: read it from the outbox row.
      const [row] = await deps.orm.em.fork().execute<Array<{ data: Record<string, unknown> }>>('select data from domain_events where id = ? and organization_id = ?', [notice.id, notice.organization_id]);
      if (!row) return;
      data = row.data;
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
      await listener.close();
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => {
        io.close(() => resolve());
      });
    },
  };
}
