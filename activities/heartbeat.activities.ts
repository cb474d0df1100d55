import { createHash } from 'node:crypto';
import type { HeartbeatStore } from '../shared/db/access/heartbeats.ts';
import { isPlatform, type NormalizedAlert } from '../shared/domain/alert.ts';
import { heartbeatDedupKey, heartbeatWakeAt, nextHeartbeatState, type HeartbeatState } from '../shared/domain/heartbeat.ts';
import type { AlertSignalPayload } from '../shared/domain/ingestion.ts';
import { createAlertBucketActivities, type AlertBucketActivityDeps } from './alert-bucket.activities.ts';

export type HeartbeatActivityDeps = AlertBucketActivityDeps & {
  /** A fresh unit of work per call. */
  heartbeats: () => HeartbeatStore;
};

export interface HeartbeatEvaluation extends HeartbeatState {
  /** The database's clock at the read, and when to look again (epoch ms). */
  nowMs: number;
  wakeAtMs: number;
}

/** A UUID (version 8 layout) from a SHA-256 of `key`: the same alert id for every retry of one lapse's alert. */
function stableAlertId(key: string): string {
  const bytes = createHash('sha256').update(key).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const describeSeconds = (seconds: number) => (seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`);

export function createHeartbeatActivities(deps: HeartbeatActivityDeps) {
  const ingestion = createAlertBucketActivities(deps);
  return {
    /**
     * Reads the heartbeat under its row lock and writes the transition due now (lapse past the
     * deadline, recovery after a ping), in one transaction. Null when the heartbeat is gone.
     * Idempotent: a retry finds the transition written and changes nothing.
     */
    async evaluateHeartbeat(input: { organizationId: string; heartbeatId: string }): Promise<HeartbeatEvaluation | null> {
      return deps.heartbeats().underLock(input.organizationId, input.heartbeatId, (row) => {
        const nowMs = row.now.getTime();
        const next = nextHeartbeatState(row, row, nowMs);
        return {
          transition: next.transition ? { ...next, lapsedAt: next.transition === 'lapsed' ? row.now : null } : null,
          result: { status: next.status, lapseCount: next.lapseCount, nowMs, wakeAtMs: heartbeatWakeAt(next, row, nowMs) },
        };
      });
    },

    /**
     * Hands lapse `lapse`'s firing or resolved alert to the ingestion path of the heartbeat's
     * integration (routing, silences, dedup, paging as for any alert). Its id follows from the
     * heartbeat, the lapse and the status, so a retried or replayed call is skipped there.
     */
    async recordHeartbeatAlert(input: {
      organizationId: string;
      heartbeatId: string;
      lapse: number;
      status: 'firing' | 'resolved';
    }): Promise<{ recorded: boolean }> {
      const source = await deps.heartbeats().alertSource(input.organizationId, input.heartbeatId);
      if (!source || !isPlatform(source.platform)) return { recorded: false };
      const firing = input.status === 'firing';
      const window = describeSeconds(source.periodSeconds + source.graceSeconds);
      const lastPing = source.lastPingAt ? `last ping ${source.lastPingAt.toISOString()}` : 'never pinged';
      const alert: NormalizedAlert = {
        platform: source.platform,
        externalId: `heartbeat:${input.heartbeatId}:${input.lapse}`,
        dedupKey: heartbeatDedupKey(input.heartbeatId),
        title: source.title ?? `Heartbeat "${source.name}" missed`,
        description: firing
          ? `No ping for ${window} (period ${describeSeconds(source.periodSeconds)} + grace ${describeSeconds(source.graceSeconds)}); ${lastPing}.${source.description ? `\n\n${source.description}` : ''}`
          : `Heartbeat "${source.name}" pinged again (${lastPing}).`,
        severity: source.severity,
        status: input.status,
        source: 'heartbeat',
        host: null,
        service: null,
        labels: { alertname: 'HeartbeatMissed', heartbeat: source.name, heartbeat_id: input.heartbeatId },
        links: {},
        occurredAt: (firing ? source.lapsedAt : source.lastPingAt)?.toISOString() ?? null,
        raw: { heartbeat_id: input.heartbeatId, lapse: input.lapse, status: input.status },
      };
      const signal: AlertSignalPayload = {
        alertId: stableAlertId(`heartbeat\n${input.heartbeatId}\n${input.lapse}\n${input.status}`),
        organizationId: input.organizationId,
        integrationId: source.integrationId,
        receivedAt: new Date().toISOString(),
        alert,
      };
      await ingestion.recordAlertBatch({ signals: [signal] });
      return { recorded: true };
    },
  };
}
