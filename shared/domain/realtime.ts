// Kept free of Node built-ins and I/O: the socket.io event map shared by the API and its clients.
import type { EventType } from './events.ts';

/** Event names pushed on the WebSocket (`/api/v1/ws`), each named by its type. */
export const REALTIME_EVENT_TYPES = [
  'incident.created',
  'incident.updated',
  'incident.status_changed',
  'alert.received',
  'execution.updated',
  'chat.message',
  /** A schedule changed (definition, overrides, a member removed): `{schedule_id, reason, ...}`. */
  'schedule.updated',
  /** A level of the incident's escalation was paged: `data.escalation` {policy_id, round, level, sent, failed, pages: [{user_id, method, status}]}. */
  'escalation.updated',
  /** One page went out: `data.page` {id, incident_id, round, level, user_id, method, rule_id, contact_method_id}. */
  'page.sent',
] as const;
export type RealtimeEventType = (typeof REALTIME_EVENT_TYPES)[number];

/** Pushed to the room `user:<id>` when a notification is made for that user. */
export const NOTIFICATION_EVENT = 'notification.created';

/** Every WebSocket message: `{type, data, organization_id, timestamp}`. */
export interface RealtimeEnvelope<T extends string = string> {
  type: T;
  data: Record<string, unknown>;
  organization_id: string;
  timestamp: string;
}

export type ServerToClientEvents = {
  [K in RealtimeEventType | typeof NOTIFICATION_EVENT]: (message: RealtimeEnvelope<K>) => void;
};

/** What `subscribe` / `unsubscribe` take: one incident or one execution of the caller's organization. */
export interface SubscriptionRequest {
  incident_id?: string;
  execution_id?: string;
}

export type SubscriptionAck = (result: { ok: true; room: string } | { ok: false; error: string }) => void;

export interface ClientToServerEvents {
  subscribe: (request: SubscriptionRequest, ack?: SubscriptionAck) => void;
  unsubscribe: (request: SubscriptionRequest, ack?: SubscriptionAck) => void;
}

export function isRealtimeEventType(type: string): type is RealtimeEventType {
  return (REALTIME_EVENT_TYPES as readonly string[]).includes(type);
}

/** The PostgreSQL NOTIFY channel the outbox relay publishes on and every API process listens to. */
export const REALTIME_CHANNEL = 'tocsin_realtime';

/** What travels through NOTIFY (at most 8000 bytes; `data` is left out when too large). */
export type RealtimeNotice =
  | {
      kind: 'event';
      id: string;
      type: EventType | RealtimeEventType;
      organization_id: string;
      incident_id: string | null;
      execution_id: string | null;
      timestamp: string;
      data?: Record<string, unknown>;
    }
  | { kind: 'notification'; organization_id: string; user_id: string; timestamp: string; data: Record<string, unknown> };
