import { randomUUID } from 'node:crypto';
import { InvalidEventError, parseAlertEvent, parseChangeEvent } from '../../shared/alerts/events-v2.ts';
import { integrationIdOfRoutingKey, routingKeyMatches } from '../../shared/alerts/routing-key.ts';
import type { IncidentStore } from '../../shared/db/access/incidents.ts';
import { toStorableJson } from '../../shared/text-safety.ts';
import { deliveryKeyOf } from './alert-receipt.ts';
import type { IntegrationLookup, ResolvedIntegration } from './integration-lookup.ts';
import type { CountWebhook, WebhookIngestService } from './webhook-ingest.service.ts';

/** PagerDuty's answers, kept byte for byte in shape: senders parse them. */
export type EventsV2Answer =
  | { status: 202; body: { status: 'success'; message: string; dedup_key?: string } }
  | { status: 400; body: { status: 'invalid event'; message: 'Event object is invalid'; errors: string[] } };

const invalid = (errors: string[]): EventsV2Answer => ({
  status: 400,
  body: { status: 'invalid event', message: 'Event object is invalid', errors },
});

/** The most open incidents of one integration a change event is written to (newest first). */
export const MAX_CHANGE_EVENT_INCIDENTS = 100;

export interface EventsV2Request {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
  /** The integration-scoped path names its integration: the routing key must be that one's. */
  integrationId?: string;
}

export type EventsV2Service = ReturnType<typeof createEventsV2Service>;

/**
 * PagerDuty's Events API v2 on Tocsin: the routing key names a `pager` integration and proves its
 * secret; trigger and resolve go through the same ingestion as every webhook (dedup_key → the
 * incident's fingerprint), acknowledge moves the open incident of that dedup key out of `active`
 * (stopping its escalation), change events are written on the integration's open incidents.
 */
export function createEventsV2Service(deps: {
  /** Over a unit of work of its own: the integration names the organization, with no request scope. */
  incidents: () => IncidentStore;
  ingest: Pick<WebhookIngestService, 'enqueue'>;
  integrations: IntegrationLookup;
}) {
  /** The integration whose routing key this is, or why not (already counted against the caller). */
  async function authenticate(
    routingKey: string,
    request: EventsV2Request,
    count: CountWebhook,
  ): Promise<ResolvedIntegration | EventsV2Answer> {
    const integrationId = integrationIdOfRoutingKey(routingKey);
    const integration = integrationId ? await deps.integrations.get(integrationId) : null;
    const authentic =
      integration !== null &&
      integration.platform === 'pager' &&
      (request.integrationId === undefined || request.integrationId.toLowerCase() === integration.id.toLowerCase()) &&
      routingKeyMatches(routingKey, integration.id, integration.secrets);
    if (!authentic) {
      await count({ kind: 'failed_webhook_authentication' });
      return invalid(['Invalid routing key']);
    }
    if (!integration.enabled) {
      await count({ kind: 'integration', integrationId: integration.id, alerts: 1 });
      return invalid(['The integration of this routing key is disabled']);
    }
    return integration;
  }

  const parseJson = (rawBody: Buffer): unknown => {
    try {
      return toStorableJson(JSON.parse(rawBody.toString('utf8')));
    } catch {
      throw new InvalidEventError(['Request body is not valid JSON']);
    }
  };

  async function acknowledge(integration: ResolvedIntegration, fingerprint: string, dedupKey: string): Promise<void> {
    await deps.incidents().change(integration.organizationId, async (unit) => {
      const [incident] = await unit.openOfIntegration(integration.id, { fingerprint, limit: 1 });
      // PagerDuty drops an acknowledge whose dedup key has no open alert; so does Tocsin.
      if (!incident || incident.status !== 'active') return;
      unit.changeStatus(incident, 'investigating', {
        message: `Acknowledged by an Events API v2 acknowledge event (dedup_key ${JSON.stringify(dedupKey)})`,
        data: { via: 'events_v2', dedup_key: dedupKey },
      });
    });
  }

  return {
    /** `POST /v2/enqueue`. */
    async enqueue(request: EventsV2Request, count: CountWebhook): Promise<EventsV2Answer> {
      let event;
      try {
        event = parseAlertEvent(parseJson(request.rawBody), randomUUID);
      } catch (error) {
        if (!(error instanceof InvalidEventError)) throw error;
        await count({ kind: 'failed_webhook_authentication' });
        return invalid(error.errors);
      }
      const integration = await authenticate(event.routingKey, request, count);
      if ('status' in integration) return integration;
      await count({ kind: 'integration', integrationId: integration.id, alerts: 1 });
      if (event.action === 'acknowledge') {
        await acknowledge(integration, event.fingerprint, event.dedupKey);
      } else {
        // A trigger sent without dedup_key got a fresh key: its body alone must not make it a retry.
        const deliveryKey = deliveryKeyOf(Buffer.concat([request.rawBody, Buffer.from(`\n${event.dedupKey}`)]), request.headers);
        await deps.ingest.enqueue({ integration, alerts: [{ index: 0, alert: event.alert }], rejected: [], deliveryKey });
      }
      return { status: 202, body: { status: 'success', message: 'Event processed', dedup_key: event.dedupKey } };
    },

    /** `POST /v2/change/enqueue`: a timeline entry on each open incident of the integration. */
    async enqueueChange(request: EventsV2Request, count: CountWebhook): Promise<EventsV2Answer> {
      let change;
      try {
        change = parseChangeEvent(parseJson(request.rawBody));
      } catch (error) {
        if (!(error instanceof InvalidEventError)) throw error;
        await count({ kind: 'failed_webhook_authentication' });
        return invalid(error.errors);
      }
      const integration = await authenticate(change.routingKey, request, count);
      if ('status' in integration) return integration;
      await count({ kind: 'integration', integrationId: integration.id, alerts: 1 });
      await deps.incidents().change(integration.organizationId, async (unit) => {
        for (const incident of await unit.openOfIntegration(integration.id, { limit: MAX_CHANGE_EVENT_INCIDENTS })) {
          unit.addTimelineEntry(incident, {
            type: 'change_event',
            message: `Change: ${change.summary}`,
            data: {
              summary: change.summary,
              source: change.source,
              timestamp: change.timestamp,
              custom_details: change.customDetails,
              links: change.links,
            },
          });
        }
      });
      return { status: 202, body: { status: 'success', message: 'Change event processed' } };
    },
  };
}
