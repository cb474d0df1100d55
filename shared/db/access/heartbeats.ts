import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import { HeartbeatEntity, IntegrationEntity, type Heartbeat } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
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

/** A transition decided under lockHeartbeat's lock: the lapse's time when it lapsed, else null. */
export type HeartbeatStateWrite = HeartbeatState & { lapsedAt: Date | null };

/** Writes a transition decided under lockHeartbeat's lock. */
export async function writeHeartbeatState(
  em: EntityManager,
  organizationId: string,
  heartbeatId: string,
  state: HeartbeatStateWrite,
): Promise<void> {
  await run(
    em,
    `update heartbeats set status = ?, lapse_count = ?, lapsed_at = coalesce(?, lapsed_at) where id = ? and organization_id = ?`,
    [state.status, state.lapseCount, state.lapsedAt, heartbeatId, organizationId],
  );
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

/** A heartbeat as stored, but for its token's hash. */
export type HeartbeatRecord = Pick<
  Heartbeat,
  | 'id'
  | 'name'
  | 'integrationId'
  | 'periodSeconds'
  | 'graceSeconds'
  | 'severity'
  | 'alertName'
  | 'status'
  | 'armedAt'
  | 'lapseCount'
  | 'createdAt'
  | 'updatedAt'
> & { description: string | null; title: string | null; lastPingAt: Date | null; lapsedAt: Date | null };

export type HeartbeatFields = Pick<
  HeartbeatRecord,
  'name' | 'description' | 'integrationId' | 'periodSeconds' | 'graceSeconds' | 'severity' | 'title' | 'alertName' | 'armedAt'
>;

/** Every method taking an organization reads and writes that organization's heartbeats only. */
export interface HeartbeatStore {
  list(organizationId: string, page: { limit: number; offset: number }): Promise<{ items: HeartbeatRecord[]; total: number }>;
  find(organizationId: string, id: string): Promise<HeartbeatRecord | undefined>;
  hasIntegration(organizationId: string, integrationId: string): Promise<boolean>;
  insert(organizationId: string, fields: HeartbeatFields & { tokenHash: string; createdById: string | null }): Promise<HeartbeatRecord>;
  update(
    organizationId: string,
    id: string,
    changes: Partial<HeartbeatFields & { tokenHash: string }>,
  ): Promise<HeartbeatRecord | undefined>;
  remove(organizationId: string, id: string): Promise<void>;
  /** Across organizations: the ping URL's secret is the credential. */
  byToken(tokenHash: string): Promise<HeartbeatByToken | null>;
  stampPing(heartbeatId: string): Promise<HeartbeatStatus | null>;
  /**
   * Runs `work` in one transaction holding the heartbeat's row lock (see lockHeartbeat), writing the
   * transition it returns, if any, before the lock is let go. Null, without `work`, when the heartbeat is gone.
   */
  underLock<T>(
    organizationId: string,
    heartbeatId: string,
    work: (row: LockedHeartbeat) => { transition: HeartbeatStateWrite | null; result: T },
  ): Promise<T | null>;
  /** What the heartbeat's alert is built from; null when it is gone. */
  alertSource(organizationId: string, heartbeatId: string): Promise<HeartbeatAlertSource | null>;
}

const heartbeatRecord = (heartbeat: Heartbeat): HeartbeatRecord => ({
  id: heartbeat.id,
  name: heartbeat.name,
  description: heartbeat.description ?? null,
  integrationId: heartbeat.integrationId,
  periodSeconds: heartbeat.periodSeconds,
  graceSeconds: heartbeat.graceSeconds,
  severity: heartbeat.severity,
  title: heartbeat.title ?? null,
  alertName: heartbeat.alertName,
  status: heartbeat.status,
  armedAt: heartbeat.armedAt,
  lastPingAt: heartbeat.lastPingAt ?? null,
  lapsedAt: heartbeat.lapsedAt ?? null,
  lapseCount: heartbeat.lapseCount,
  createdAt: heartbeat.createdAt,
  updatedAt: heartbeat.updatedAt,
});

/** Organizations' heartbeats (`heartbeats`). */
export function createHeartbeatStore(em: SqlEntityManager): HeartbeatStore {
  const findEntity = (organizationId: string, id: string) => em.findOne(HeartbeatEntity, { id, organization: organizationId }, unscoped);
  return {
    async list(organizationId, page) {
      const [items, total] = await em.findAndCount(
        HeartbeatEntity,
        { organization: organizationId },
        { ...unscoped, orderBy: { name: 'asc', id: 'asc' }, limit: page.limit, offset: page.offset },
      );
      return { items: items.map(heartbeatRecord), total };
    },

    async find(organizationId, id) {
      const heartbeat = await findEntity(organizationId, id);
      return heartbeat ? heartbeatRecord(heartbeat) : undefined;
    },

    async hasIntegration(organizationId, integrationId) {
      return (await em.count(IntegrationEntity, { id: integrationId, organization: organizationId }, unscoped)) > 0;
    },

    async insert(organizationId, fields) {
      const heartbeat = em.create(HeartbeatEntity, { organization: organizationId, ...fields });
      await em.flush();
      return heartbeatRecord(heartbeat);
    },

    async update(organizationId, id, changes) {
      const heartbeat = await findEntity(organizationId, id);
      if (!heartbeat) return undefined;
      for (const [key, value] of Object.entries(changes)) if (value !== undefined) Object.assign(heartbeat, { [key]: value });
      await em.flush();
      return heartbeatRecord(heartbeat);
    },

    async remove(organizationId, id) {
      await em.nativeDelete(HeartbeatEntity, { id, organization: organizationId }, unscoped);
    },

    byToken: (tokenHash) => heartbeatByToken(em, tokenHash),
    stampPing: (heartbeatId) => stampHeartbeatPing(em, heartbeatId),

    underLock(organizationId, heartbeatId, work) {
      return em.transactional(async (tx) => {
        const row = await lockHeartbeat(tx, organizationId, heartbeatId);
        if (!row) return null;
        const { transition, result } = work(row);
        if (transition) await writeHeartbeatState(tx, organizationId, row.id, transition);
        return result;
      });
    },

    alertSource: (organizationId, heartbeatId) => heartbeatAlertSource(em, organizationId, heartbeatId),
  };
}
