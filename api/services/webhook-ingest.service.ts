import type { alertBucketWorkflow } from '../../workflows/alert-bucket.workflow.ts';
import { alertsReceivedSignal } from '../../workflows/messages.ts';
import { MappingError } from '../../shared/alerts/json-mapping.ts';
import {
  judgeAlertPayload,
  judgeMappedAlerts,
  judgeVerdicts,
  type JudgedPayload,
  type RejectedAlert,
} from '../../shared/alerts/parsers/index.ts';
import { AlertPayloadError } from '../../shared/alerts/payload-error.ts';
import { verifyWebhookSignature } from '../../shared/alerts/signature.ts';
import type { IntegrationCredentialsStore } from '../../shared/db/access/integrations.ts';
import type { Platform } from '../../shared/domain/alert.ts';
import { alertBucketOf } from '../../shared/domain/alert-bucket.ts';
import { MAX_ALERTS_PER_SIGNAL, signalBatches, type AlertSignalPayload } from '../../shared/domain/ingestion.ts';
import { ServiceUnavailableError, WebhookError } from '../../shared/errors.ts';
import type { TemporalClient } from '../../shared/temporal/client.ts';
import { workflowIds, workflowSearchAttributes } from '../../shared/temporal/ids.ts';
import type { MappingRunner } from '../../shared/isolation/json-mapping.ts';
import { toStorableJson } from '../../shared/text-safety.ts';
import { alertIdOf, deliveryKeyOf, receiptKeyOf } from './alert-receipt.ts';
import type { IntegrationLookup, ResolvedIntegration } from './integration-lookup.ts';
import { createSignalCoalescer } from './signal-coalescer.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface WebhookAccepted {
  success: true;
  message: string;
  data: {
    integration_id: string;
    alert_id: string;
    processing_status: 'queued';
    /** Alerts queued. */
    alerts: number;
    /** Alerts of the payload refused alone (the others were queued), by index in the payload. */
    rejected: RejectedAlert[];
  };
}

/** The body as JSON, or 400 naming `body`. */
function readJson(rawBody: Buffer): unknown {
  try {
    // Senders' payloads are kept as sent, except what PostgreSQL cannot store.
    return toStorableJson(JSON.parse(rawBody.toString('utf8')));
  } catch {
    throw new WebhookError('INVALID_PAYLOAD', 'Body is not valid JSON', { field: 'body' });
  }
}

/**
 * The payload judged alert by alert: by the platform's parser, or for a generic_json integration
 * with a template, by what its template makes of the body (evaluated off the event loop).
 */
async function parseBody(
  integration: Pick<ResolvedIntegration, 'platform' | 'mappingTemplate'>,
  platform: Platform,
  rawBody: Buffer,
  maxAlerts: number,
  mappings: MappingRunner | undefined,
): Promise<JudgedPayload> {
  const body = readJson(rawBody);
  let judged: JudgedPayload;
  try {
    if (platform === 'generic_json' && integration.mappingTemplate) {
      if (!mappings) throw new Error('generic_json mapping templates need a mapping runner');
      const mapped = await mappings.evaluate(integration.mappingTemplate, body);
      judged = judgeVerdicts(judgeMappedAlerts(mapped));
    } else {
      judged = judgeAlertPayload(platform, body);
    }
  } catch (error) {
    if (error instanceof AlertPayloadError) throw new WebhookError('INVALID_PAYLOAD', error.message, { field: error.field });
    if (error instanceof MappingError) throw new WebhookError('INVALID_PAYLOAD', error.message, { field: 'body' });
    throw error;
  }
  // Each alert costs a share of a signal and a transaction: one small body must not carry thousands.
  const carried = judged.accepted.length + judged.rejected.length;
  if (carried > maxAlerts) {
    throw new WebhookError(
      'PAYLOAD_TOO_LARGE',
      `A payload may carry at most ${maxAlerts} alerts (WEBHOOK_MAX_ALERTS_PER_PAYLOAD); this one carries ${carried}`,
    );
  }
  if (judged.accepted.length === 0) {
    const [first] = judged.rejected as [RejectedAlert, ...RejectedAlert[]];
    const message =
      carried === 1
        ? `Invalid alert payload: ${first.reason}`
        : `Invalid alert payload: none of its ${carried} alerts can be ingested (see details.rejected)`;
    throw new WebhookError('INVALID_PAYLOAD', message, { field: first.field, rejected: judged.rejected });
  }
  return judged;
}

export type WebhookIngestService = ReturnType<typeof createWebhookIngestService>;

/** An authentic, parsed payload not yet handed to Temporal: its alerts are counted first. */
export interface PreparedPayload {
  integration: ResolvedIntegration;
  /** The valid alerts, each with its index in the payload. */
  alerts: JudgedPayload['accepted'];
  /** The payload's refused alerts, answered to the sender. */
  rejected: RejectedAlert[];
  deliveryKey: string;
}

export interface WebhookRequest {
  platform: Platform;
  integrationId: string;
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Inbound alerts: authenticate the sender, parse with the platform's pure parser, and hand the
 * alerts to their integration's bucket workflows (by dedup key) with signalWithStart. `queued` is
 * answered only after Temporal has accepted every alert of the payload; nothing is written to the
 * database here. Alert ids follow from the delivery (docs/ingestion.md): a sender's retry within
 * the dedup window counts once.
 */
export function createWebhookIngestService(deps: {
  /** Which integration an API key's short-form webhook goes to. */
  credentials: () => Pick<IntegrationCredentialsStore, 'findOldestEnabledId'>;
  temporal: TemporalClient;
  integrations: IntegrationLookup;
  /** A copy of a delivery within this many seconds is a retry (WEBHOOK_DEDUP_WINDOW_SECONDS). */
  dedupWindowSeconds?: number;
  /** More alerts than this in one payload: 413 (WEBHOOK_MAX_ALERTS_PER_PAYLOAD). */
  maxAlertsPerPayload?: number;
  /** Evaluates generic_json mapping templates off the event loop. */
  mappings?: MappingRunner;
  /** Epoch milliseconds; injected by tests. */
  now?: () => number;
}) {
  const dedupWindowSeconds = deps.dedupWindowSeconds ?? 600;
  const maxAlerts = deps.maxAlertsPerPayload ?? 1000;
  const now = deps.now ?? Date.now;
  // Alerts of one bucket workflow share a signalWithStart: within a payload, and across concurrent
  // payloads through the coalescer (one send in flight per workflow, the next carries what queued
  // meanwhile). Distinct buckets of a payload are signalled concurrently, up to this many at once.
  const SIGNAL_CONCURRENCY = 8;
  const coalescer = createSignalCoalescer<AlertSignalPayload>(
    async (workflowId, alerts) => {
      const { organizationId, integrationId, alert } = alerts[0] as AlertSignalPayload;
      await deps.temporal.client.workflow.signalWithStart<typeof alertBucketWorkflow, [{ alerts: AlertSignalPayload[] }]>(
        'alertBucketWorkflow',
        {
          taskQueue: deps.temporal.taskQueue,
          workflowId,
          args: [{ organizationId, integrationId, bucket: alertBucketOf(alert.dedupKey) }],
          signal: alertsReceivedSignal,
          signalArgs: [{ alerts }],
          typedSearchAttributes: workflowSearchAttributes({ organizationId }),
        },
      );
    },
    { maxItems: MAX_ALERTS_PER_SIGNAL },
  );
  const bucketIdOf = (signal: AlertSignalPayload) =>
    workflowIds.alertBucket(signal.organizationId, signal.integrationId, alertBucketOf(signal.alert.dedupKey));

  async function signalBucket(batches: AlertSignalPayload[][]): Promise<void> {
    // A bucket's signals go one after the other: the workflow applies each key's alerts in arrival order.
    for (const alerts of batches) await coalescer.submit(bucketIdOf(alerts[0] as AlertSignalPayload), alerts);
  }

  async function enqueue({ integration, alerts, rejected, deliveryKey }: PreparedPayload): Promise<WebhookAccepted> {
    const receivedAtMs = now();
    const receivedAt = new Date(receivedAtMs).toISOString();
    // Receipt ids follow from the delivery (and the alert's index in it), so a sender's retry after
    // a lost answer counts once.
    const signals = alerts.map(({ index, alert }): AlertSignalPayload => {
      const receiptKey = receiptKeyOf(integration.id, deliveryKey, index);
      return {
        alertId: alertIdOf(receiptKey, receivedAtMs, dedupWindowSeconds),
        organizationId: integration.organizationId,
        integrationId: integration.id,
        receivedAt,
        alert,
        receiptKey,
        dedupWindowSeconds,
      };
    });
    const buckets = signalBatches(signals, MAX_ALERTS_PER_SIGNAL, bucketIdOf);
    let next = 0;
    const signalRemaining = async () => {
      while (next < buckets.length) await signalBucket(buckets[next++] as AlertSignalPayload[][]);
    };
    // allSettled: answer only once no signal is in flight any more, whatever failed.
    const outcomes = await Promise.allSettled(Array.from({ length: Math.min(SIGNAL_CONCURRENCY, buckets.length) }, signalRemaining));
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) {
      // The sender retries on 5xx; no alert is acknowledged that Temporal does not hold.
      throw new ServiceUnavailableError('Alert processing is unavailable; retry later', { cause: failed.reason });
    }
    const first = (alerts[0] as PreparedPayload['alerts'][number]).alert;
    const accepted = alerts.length === 1 ? 'Alert accepted for processing' : `${alerts.length} alerts accepted for processing`;
    return {
      success: true,
      message: rejected.length === 0 ? accepted : `${accepted}; ${rejected.length} refused (see data.rejected)`,
      data: {
        integration_id: integration.id,
        alert_id: first.externalId ?? first.dedupKey,
        processing_status: 'queued',
        alerts: alerts.length,
        rejected,
      },
    };
  }

  /** The integration whose secret signed the request; 404 INTEGRATION_NOT_FOUND or 401 WEBHOOK_VALIDATION_FAILED. */
  async function verifySender(input: WebhookRequest): Promise<ResolvedIntegration> {
    const integration = UUID.test(input.integrationId) ? await deps.integrations.get(input.integrationId) : null;
    if (!integration || integration.platform !== input.platform) {
      throw new WebhookError('INTEGRATION_NOT_FOUND', `No ${input.platform} integration with this id`);
    }
    const verification = verifyWebhookSignature({
      platform: input.platform,
      secrets: integration.secrets,
      rawBody: input.rawBody,
      headers: input.headers,
    });
    if (!verification.ok) {
      throw new WebhookError('WEBHOOK_VALIDATION_FAILED', 'Webhook signature validation failed', {
        received_signature: verification.receivedSignature,
        reason: verification.reason,
      });
    }
    return integration;
  }

  /** After verifySender: the integration must be enabled, then the payload is parsed (nothing queued yet). */
  async function prepareVerified(
    integration: ResolvedIntegration,
    input: Pick<WebhookRequest, 'platform' | 'rawBody' | 'headers'>,
  ): Promise<PreparedPayload> {
    if (!integration.enabled) throw new WebhookError('INTEGRATION_DISABLED', 'This integration is disabled');
    const { accepted, rejected } = await parseBody(integration, input.platform, input.rawBody, maxAlerts, deps.mappings);
    return { integration, alerts: accepted, rejected, deliveryKey: deliveryKeyOf(input.rawBody, input.headers) };
  }

  return {
    verifySender,
    prepareVerified,

    /** `POST /webhooks/{platform}`: an API key with alerts:ingest; the organization's oldest enabled integration. */
    async prepareWithApiKey(input: {
      organizationId: string;
      platform: Platform;
      rawBody: Buffer;
      headers?: Record<string, string | string[] | undefined>;
    }): Promise<PreparedPayload> {
      const id = await deps.credentials().findOldestEnabledId(input.organizationId, input.platform);
      const integration = id ? await deps.integrations.get(id) : null;
      if (!integration) throw new WebhookError('INTEGRATION_NOT_FOUND', `No enabled ${input.platform} integration in this organization`);
      const { accepted, rejected } = await parseBody(integration, input.platform, input.rawBody, maxAlerts, deps.mappings);
      return { integration, alerts: accepted, rejected, deliveryKey: deliveryKeyOf(input.rawBody, input.headers ?? {}) };
    },

    /** Hands a prepared payload's alerts to Temporal; answers once every one is held there. */
    enqueue,
  };
}

/** Counts a webhook request against a rate-limit bucket (the route's limiter); throws RATE_LIMITED. */
export type CountWebhook = (
  subject:
    | { kind: 'integration'; integrationId: string; alerts: number }
    | { kind: 'alerts'; alerts: number }
    | { kind: 'failed_webhook_authentication' },
) => Promise<void>;

/**
 * `POST /webhooks/{platform}/{integration_id}` whole: read the body, authenticate the sender,
 * parse, count, queue. Only a sender holding the secret counts against the integration; anyone
 * else (bad or no signature, unknown integration, unreadable body) counts against their own IP,
 * so junk cannot use up, and so silence, someone else's integration. Takes the service's steps as
 * built (metrics and usage decorate them), hence a function over the service, not a method.
 */
export async function receiveSignedWebhook(
  ingest: WebhookIngestService,
  input: Omit<WebhookRequest, 'rawBody'> & { readBody: () => Promise<Buffer> },
  count: CountWebhook,
): Promise<WebhookAccepted> {
  const { readBody, ...target } = input;
  const { request, integration } = await readBody()
    .then(async (rawBody) => {
      const request = { ...target, rawBody };
      return { request, integration: await ingest.verifySender(request) };
    })
    .catch(async (error: unknown) => {
      if (error instanceof WebhookError) await count({ kind: 'failed_webhook_authentication' });
      throw error;
    });
  const subject = (alerts: number) => ({ kind: 'integration' as const, integrationId: integration.id, alerts });
  let prepared: PreparedPayload;
  try {
    prepared = await ingest.prepareVerified(integration, request);
  } catch (error) {
    // Authentic but unusable (disabled, unparsable, no valid alert, over the per-payload cap): one unit.
    await count(subject(1));
    throw error;
  }
  // The quota counts the alerts to be queued: all of them or nothing, before anything is signalled.
  await count(subject(prepared.alerts.length));
  return ingest.enqueue(prepared);
}

/** `POST /webhooks/{platform}` whole, for an API key holding `alerts:ingest` (its organization's integration). */
export async function receiveWebhookWithApiKey(
  ingest: WebhookIngestService,
  input: { organizationId: string; platform: Platform; headers: WebhookRequest['headers']; readBody: () => Promise<Buffer> },
  count: CountWebhook,
): Promise<WebhookAccepted> {
  // The API key's organization: prepareWithApiKey finds its integration there.
  const { readBody, ...target } = input;
  const prepared = await ingest.prepareWithApiKey({ ...target, rawBody: await readBody() });
  await count({ kind: 'alerts', alerts: prepared.alerts.length });
  return ingest.enqueue(prepared);
}
