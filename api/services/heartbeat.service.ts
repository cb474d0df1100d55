import { WorkflowNotFoundError } from '@temporalio/client';
import { generateOpaqueToken, hashOpaqueToken } from '../../shared/auth/api-keys.ts';
import type { HeartbeatRecord, HeartbeatStore } from '../../shared/db/access/heartbeats.ts';
import type { Severity } from '../../shared/domain/alert.ts';
import { firingAlertNames, heartbeatDeadline } from '../../shared/domain/heartbeat.ts';
import { NotFoundError, ServiceUnavailableError, ValidationError } from '../../shared/errors.ts';
import type { Logger } from '../../shared/logger.ts';
import type { TemporalClient } from '../../shared/temporal/client.ts';
import { pagingTaskQueue, workflowIds, workflowSearchAttributes } from '../../shared/temporal/ids.ts';
import { heartbeatChangedSignal, type HeartbeatWorkflowInput } from '../../workflows/heartbeat-messages.ts';
import type { heartbeatWorkflow } from '../../workflows/heartbeat.workflow.ts';
import type { AuthContext } from '../auth-context.ts';
import type { RateLimitSubject } from '../routes/route.ts';
import type { HeartbeatView } from '../schemas/heartbeat.schemas.ts';

export type HeartbeatService = ReturnType<typeof createHeartbeatService>;

interface HeartbeatInput {
  name?: string;
  description?: string | null;
  integration_id?: string;
  period_seconds?: number;
  grace_seconds?: number;
  severity?: Severity;
  title?: string | null;
  alert_name?: string;
}

export function heartbeatView(heartbeat: HeartbeatRecord): HeartbeatView {
  return {
    id: heartbeat.id,
    name: heartbeat.name,
    description: heartbeat.description ?? null,
    integration_id: heartbeat.integrationId,
    period_seconds: heartbeat.periodSeconds,
    grace_seconds: heartbeat.graceSeconds,
    severity: heartbeat.severity,
    title: heartbeat.title ?? null,
    alert_name: heartbeat.alertName,
    status: heartbeat.status,
    last_ping_at: heartbeat.lastPingAt?.toISOString() ?? null,
    next_deadline_at: new Date(
      heartbeatDeadline({
        periodSeconds: heartbeat.periodSeconds,
        graceSeconds: heartbeat.graceSeconds,
        armedAt: heartbeat.armedAt,
        lastPingAt: heartbeat.lastPingAt ?? null,
      }),
    ).toISOString(),
    lapsed_at: heartbeat.lapsedAt?.toISOString() ?? null,
    lapse_count: heartbeat.lapseCount,
    created_at: heartbeat.createdAt.toISOString(),
    updated_at: heartbeat.updatedAt.toISOString(),
  };
}

/**
 * Heartbeats CRUD and their ping URL. Each heartbeat's timer is its workflow (`heartbeat:<id>`),
 * started at creation; a ping only stamps the row, and signals the workflow only while the
 * heartbeat is down (its next ping resolves the incident), so pings cost one UPDATE.
 */
export function createHeartbeatService(deps: {
  heartbeats: () => HeartbeatStore;
  temporal: TemporalClient;
  publicUrl: string;
  logger: Logger;
}) {
  const pingUrlOf = (token: string) => `${deps.publicUrl}/api/v1/heartbeats/ping?token=${token}`;

  /** Starts the heartbeat's workflow, or wakes the running one to read its row again. */
  async function wake(organizationId: string, heartbeatId: string): Promise<void> {
    await deps.temporal.client.workflow.signalWithStart<typeof heartbeatWorkflow, []>('heartbeatWorkflow', {
      taskQueue: pagingTaskQueue(deps.temporal.taskQueue),
      workflowId: workflowIds.heartbeat(heartbeatId),
      args: [{ organizationId, heartbeatId } satisfies HeartbeatWorkflowInput],
      signal: heartbeatChangedSignal,
      signalArgs: [],
      typedSearchAttributes: workflowSearchAttributes({ organizationId }),
    });
  }

  async function requireIntegration(organizationId: string, id: string): Promise<void> {
    if (!(await deps.heartbeats().hasIntegration(organizationId, id))) {
      throw new ValidationError([{ path: 'body.integration_id', message: 'no such integration in this organization' }]);
    }
  }

  async function find(auth: AuthContext, id: string): Promise<HeartbeatRecord> {
    const heartbeat = await deps.heartbeats().find(auth.organizationId, id);
    if (!heartbeat) throw new NotFoundError('Heartbeat');
    return heartbeat;
  }

  return {
    async list(auth: AuthContext, query: { limit: number; offset: number }) {
      const { items, total } = await deps.heartbeats().list(auth.organizationId, query);
      return { items: items.map(heartbeatView), total };
    },

    async get(auth: AuthContext, id: string): Promise<HeartbeatView> {
      return heartbeatView(await find(auth, id));
    },

    /** The first period counts from now. Answers 503 (and keeps nothing) when Temporal cannot take its timer. */
    async create(
      auth: AuthContext,
      input: Required<Pick<HeartbeatInput, 'name' | 'integration_id' | 'period_seconds' | 'grace_seconds' | 'severity' | 'alert_name'>> &
        HeartbeatInput,
    ): Promise<HeartbeatView & { token: string; ping_url: string }> {
      await requireIntegration(auth.organizationId, input.integration_id);
      const token = generateOpaqueToken();
      const heartbeat = await deps.heartbeats().insert(auth.organizationId, {
        integrationId: input.integration_id,
        name: input.name,
        description: input.description ?? null,
        periodSeconds: input.period_seconds,
        graceSeconds: input.grace_seconds,
        severity: input.severity,
        title: input.title ?? null,
        alertName: input.alert_name,
        tokenHash: hashOpaqueToken(token),
        armedAt: new Date(),
        createdById: auth.userId,
      });
      try {
        await wake(auth.organizationId, heartbeat.id);
      } catch (error) {
        // A heartbeat without its timer would never lapse: keep none rather than a silent one.
        await deps.heartbeats().remove(auth.organizationId, heartbeat.id);
        throw new ServiceUnavailableError('Heartbeats are unavailable (Temporal); retry later', { cause: error });
      }
      return { ...heartbeatView(heartbeat), token, ping_url: pingUrlOf(token) };
    },

    /** A new period or grace counts from the last ping (from now if never pinged); the timer re-arms at once. */
    async update(auth: AuthContext, id: string, input: HeartbeatInput): Promise<HeartbeatView> {
      const found = await find(auth, id);
      if (input.integration_id !== undefined) await requireIntegration(auth.organizationId, input.integration_id);
      const retimed =
        (input.period_seconds !== undefined && input.period_seconds !== found.periodSeconds) ||
        (input.grace_seconds !== undefined && input.grace_seconds !== found.graceSeconds);
      const heartbeat = await deps.heartbeats().update(auth.organizationId, id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.integration_id !== undefined ? { integrationId: input.integration_id } : {}),
        ...(input.period_seconds !== undefined ? { periodSeconds: input.period_seconds } : {}),
        ...(input.grace_seconds !== undefined ? { graceSeconds: input.grace_seconds } : {}),
        ...(input.severity !== undefined ? { severity: input.severity } : {}),
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.alert_name !== undefined ? { alertName: input.alert_name } : {}),
        ...(retimed && !found.lastPingAt ? { armedAt: new Date() } : {}),
      });
      if (!heartbeat) throw new NotFoundError('Heartbeat');
      if (retimed) {
        try {
          await wake(auth.organizationId, heartbeat.id);
        } catch (error) {
          // Saved; the timer still waits for the old deadline until a retry reaches Temporal.
          throw new ServiceUnavailableError('Saved, but the timer could not be re-armed (Temporal); retry the request', { cause: error });
        }
      }
      return heartbeatView(heartbeat);
    },

    /** A new ping URL secret, shown once; the old URL stops working at once. */
    async rotateToken(auth: AuthContext, id: string): Promise<HeartbeatView & { token: string; ping_url: string }> {
      await find(auth, id);
      const token = generateOpaqueToken();
      const heartbeat = await deps.heartbeats().update(auth.organizationId, id, { tokenHash: hashOpaqueToken(token) });
      if (!heartbeat) throw new NotFoundError('Heartbeat');
      return { ...heartbeatView(heartbeat), token, ping_url: pingUrlOf(token) };
    },

    /** The timer ends with it; an incident it opened stays open for whoever handles it. */
    async remove(auth: AuthContext, id: string): Promise<void> {
      await find(auth, id);
      await deps.heartbeats().remove(auth.organizationId, id);
      try {
        await deps.temporal.client.workflow.getHandle(workflowIds.heartbeat(id)).signal(heartbeatChangedSignal);
      } catch (error) {
        // Not found: already ended. Otherwise the workflow finds the row gone at its next deadline.
        if (!(error instanceof WorkflowNotFoundError))
          deps.logger.warn({ err: error, heartbeatId: id }, 'could not signal a deleted heartbeat');
      }
    },

    /**
     * `GET|POST /heartbeats/ping?token=`: no credential but the URL's secret. An unknown secret
     * counts against the caller's IP as a failed webhook authentication; a ping counts one unit of
     * its integration's hourly webhook quota (many jobs behind one address must not share an IP's
     * allowance). An Alertmanager webhook body pings only when it carries the heartbeat's alert,
     * firing. While the heartbeat is down its workflow is woken to resolve the incident; if
     * Temporal cannot take that, 503 (the ping is kept; the sender's retry wakes it).
     */
    async ping(token: string, body: unknown, count: (subject: RateLimitSubject) => Promise<void>): Promise<{ pinged: boolean }> {
      const store = deps.heartbeats();
      const heartbeat = await store.byToken(hashOpaqueToken(token));
      if (!heartbeat) {
        await count({ kind: 'failed_webhook_authentication' });
        throw new NotFoundError('Heartbeat');
      }
      await count({ kind: 'integration', integrationId: heartbeat.integrationId, alerts: 1 });
      const names = firingAlertNames(body);
      if (names !== null && !names.includes(heartbeat.alertName)) return { pinged: false };
      const status = await store.stampPing(heartbeat.id);
      if (status === null) throw new NotFoundError('Heartbeat');
      if (status === 'down') {
        try {
          await wake(heartbeat.organizationId, heartbeat.id);
        } catch (error) {
          throw new ServiceUnavailableError('The ping was recorded but could not be delivered; retry', { cause: error });
        }
      }
      return { pinged: true };
    },
  };
}
