import type { EntityManager } from '@mikro-orm/core';
import type { Severity } from '../../domain/alert.ts';
import type { HeartbeatState, HeartbeatStatus, HeartbeatTiming } from '../../domain/heartbeat.ts';

/** Raw SQL in the caller's transaction, if it is in one. */
function run<T>(em: EntityManager, sql: string, params: unknown[]): Promise<T> {
  return em.getConnection().execute<T>(sql, params, 'all', em.getTransactionContext());
}

export interface LockedHeartbeat extends HeartbeatState, HeartbeatTiming {
  id: string;
  organizationId: string;
  integrationId: string;
  /** The database's clock when the row was read: the one pings are stamped with. */
  now: Date;
}

/**
 * The heartbeat's row, locked until the transaction ends (a ping's update waits, then reads the
 * status written here), with the database's clock. Null when it is gone.
 */
export async function lockHeartbeat(em: EntityManager, organizationId: string, heartbeatId: string): Promise<LockedHeartbeat | null> {
  const [row] = await run<
    Array<{
      id: string;
      organization_id: string;
      integration_id: string;
      status: HeartbeatStatus;
      lapse_count: number;
      period_seconds: number;
      grace_seconds: number;
      armed_at: Date;
      last_ping_at: Date | null;
      lapsed_at: Date | null;
      now: Date;
    }>
  >(
    em,
    `select id, organization_id, integration_id, status, lapse_count, period_seconds, grace_seconds, armed_at, last_ping_at,
            lapsed_at, clock_timestamp() as now
     from heartbeats where id = ? and organization_id = ? for update`,
    [heartbeatId, organizationId],
  );
  if (!row) return null;
  return {
    id: row.id,
    organizationId: row.organization_id,
    integrationId: row.integration_id,
    status: row.status,
    lapseCount: row.lapse_count,
    periodSeconds: row.period_seconds,
    graceSeconds: row.grace_seconds,
    armedAt: new Date(row.armed_at),
    lastPingAt: row.last_ping_at ? new Date(row.last_ping_at) : null,
    lapsedAt: row.lapsed_at ? new Date(row.lapsed_at) : null,
    now: new Date(row.now),
  };
}

/** Writes a transition decided under lockHeartbeat's lock. */
export async function writeHeartbeatState(
  em: EntityManager,
  heartbeatId: string,
  state: HeartbeatState & { lapsedAt: Date | null },
): Promise<void> {
  await run(em, `update heartbeats set status = ?, lapse_count = ?, lapsed_at = coalesce(?, lapsed_at) where id = ?`, [
    state.status,
    state.lapseCount,
    state.lapsedAt,
    heartbeatId,
  ]);
}

export interface HeartbeatByToken {
  id: string;
  organizationId: string;
  integrationId: string;
  alertName: string;
}

/** The heartbeat whose ping URL secret hashes to `tokenHash`, across organizations (the secret is the credential). */
export async function heartbeatByToken(em: EntityManager, tokenHash: string): Promise<HeartbeatByToken | null> {
  const [row] = await run<Array<{ id: string; organization_id: string; integration_id: string; alert_name: string }>>(
    em,
    `select id, organization_id, integration_id, alert_name from heartbeats where token_hash = ?`,
    [tokenHash],
  );
  return row ? { id: row.id, organizationId: row.organization_id, integrationId: row.integration_id, alertName: row.alert_name } : null;
}

/**
 * Stamps a ping with the database's clock and answers the status, read after any transition in
 * flight (the workflow holds the row lock while it writes one) commits. Never earlier than the last
 * lapse: a ping that answers `down` is one the workflow counts as after it. Null: deleted meanwhile.
 */
export async function stampHeartbeatPing(em: EntityManager, heartbeatId: string): Promise<HeartbeatStatus | null> {
  const [row] = await run<Array<{ status: HeartbeatStatus }>>(
    em,
    `update heartbeats set last_ping_at = greatest(clock_timestamp(), lapsed_at) where id = ? returning status`,
    [heartbeatId],
  );
  return row?.status ?? null;
}

export interface HeartbeatAlertSource {
  name: string;
  description: string | null;
  severity: Severity;
  title: string | null;
  periodSeconds: number;
  graceSeconds: number;
  lapsedAt: Date | null;
  lastPingAt: Date | null;
  integrationId: string;
  platform: string;
}

/** What a heartbeat's alert is built from: the heartbeat and its integration's platform. */
export async function heartbeatAlertSource(
  em: EntityManager,
  organizationId: string,
  heartbeatId: string,
): Promise<HeartbeatAlertSource | null> {
  const [row] = await run<
    Array<{
      name: string;
      description: string | null;
      severity: Severity;
      title: string | null;
      period_seconds: number;
      grace_seconds: number;
      lapsed_at: Date | null;
      last_ping_at: Date | null;
      integration_id: string;
      platform: string;
    }>
  >(
    em,
    `select h.name, h.description, h.severity, h.title, h.period_seconds, h.grace_seconds, h.lapsed_at, h.last_ping_at,
            h.integration_id, i.platform
     from heartbeats h join integrations i on i.id = h.integration_id and i.organization_id = h.organization_id
     where h.id = ? and h.organization_id = ?`,
    [heartbeatId, organizationId],
  );
  if (!row) return null;
  return {
    name: row.name,
    description: row.description,
    severity: row.severity,
    title: row.title,
    periodSeconds: row.period_seconds,
    graceSeconds: row.grace_seconds,
    lapsedAt: row.lapsed_at ? new Date(row.lapsed_at) : null,
    lastPingAt: row.last_ping_at ? new Date(row.last_ping_at) : null,
    integrationId: row.integration_id,
    platform: row.platform,
  };
}
