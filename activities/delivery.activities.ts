import { ApplicationFailure, Context } from '@temporalio/activity';
import type { SecretBox } from '../shared/crypto/secret-box.ts';
import type { WebhookDeliveryStore } from '../shared/db/access/webhook-deliveries.ts';
import { withSecretHeaders } from '../shared/delivery/secret-headers.ts';
import { renderBody, renderHeaders, type TemplateContext, type TemplateIncident } from '../shared/delivery/webhook-template.ts';
import {
  DELIVERY_FAILURES_BEFORE_PAUSE,
  DELIVERY_REQUEST_TIMEOUT_MS,
  type DeliveryInput,
  type SendWebhookResult,
} from '../shared/domain/delivery.ts';
import { OutboundRefusedError, OutboundTransportError, type HttpRequestFn } from '../shared/net/outbound-http.ts';

export interface DeliveryActivityDeps {
  /** A fresh unit of work per call. */
  webhookDeliveries: () => WebhookDeliveryStore;
  /** Optional so workers built for other tests need not pass them; deliveries fail without them. */
  secretBox?: SecretBox;
  /** The SSRF-guarded client (shared/net/outbound-http.ts). */
  outboundHttp?: HttpRequestFn;
}

interface WebhookConfig {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  /** Sealed with the secret box; opened only here, at send time. */
  secret_headers?: Record<string, string>;
  events?: string[];
  template?: Record<string, unknown> | null;
}

function incidentOf(data: Record<string, unknown>): TemplateIncident | null {
  const incident = data.incident as Record<string, unknown> | undefined;
  if (!incident || typeof incident !== 'object') return null;
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  return { id: text(incident.id), title: text(incident.title), severity: text(incident.severity), status: text(incident.status) };
}

// Answers worth another attempt: server errors, request timeout, rate limiting.
const retryableStatus = (status: number) => status >= 500 || status === 408 || status === 429;

/** Outbound webhook deliveries: one HTTP attempt per activity run, and the integration's failure count. */
export function createDeliveryActivities(deps: DeliveryActivityDeps) {
  return {
    /**
     * One delivery attempt: renders the integration's template for the event, sends it through the
     * guarded client and records the attempt. Throws retryably on 5xx/408/429/transport errors and
     * non-retryably on other 4xx and refused targets; skips a disabled, paused or unconfigured integration.
     */
    async sendWebhook(input: DeliveryInput): Promise<SendWebhookResult> {
      const { secretBox, outboundHttp } = deps;
      if (!secretBox || !outboundHttp)
        throw ApplicationFailure.nonRetryable('This worker has no outbound HTTP client or secret box', 'DeliveryNotConfigured');
      const attempt = Context.current().info.attempt;
      const deliveries = deps.webhookDeliveries();
      const integration = await deliveries.deliveryTarget(input.organizationId, input.integrationId);
      if (!integration) return { status: 'skipped', reason: 'integration removed' };
      if (!integration.enabled) return { status: 'skipped', reason: 'integration disabled' };
      if (integration.deliveriesPaused) return { status: 'skipped', reason: 'deliveries paused' };
      const config = integration.webhookConfig as WebhookConfig | null;
      if (!config?.url) return { status: 'skipped', reason: 'no webhook_config' };
      const event = await deliveries.deliveredEvent(input.organizationId, input.eventId);
      if (!event) return { status: 'skipped', reason: 'event not found' };

      const needsSecret = Object.values(config.headers ?? {}).some(
        (value) => typeof value === 'string' && value.includes('integration.secret'),
      );
      const context: TemplateContext = {
        event: { id: event.id, type: event.type, timestamp: event.createdAt.toISOString() },
        incident: incidentOf(event.data),
        secret: needsSecret ? secretBox.decrypt(integration.secretCiphertext) : null,
      };
      const headers = withSecretHeaders(
        {
          'content-type': 'application/json',
          'x-tocsin-event': event.type,
          'x-tocsin-delivery': `${event.id}:${integration.id}`,
          ...renderHeaders(config.headers, context),
        },
        config.secret_headers,
        (sealed) => secretBox.decrypt(sealed),
      );
      const body = renderBody(config.template ?? null, context);

      const started = Date.now();
      let response;
      try {
        response = await outboundHttp({
          url: config.url,
          method: config.method ?? 'POST',
          headers,
          body,
          timeoutMs: DELIVERY_REQUEST_TIMEOUT_MS,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // The stored message is the tenant's view; the resolved address, if any, goes to our log only.
        if (error instanceof OutboundRefusedError || error instanceof OutboundTransportError) {
          Context.current().log.warn('webhook request failed', {
            integrationId: input.integrationId,
            eventId: input.eventId,
            detail: error.detail,
          });
        }
        await deliveries.recordAttempt(input, {
          attempt,
          success: false,
          statusCode: null,
          error: message,
          durationMs: Date.now() - started,
        });
        if (error instanceof OutboundRefusedError) throw ApplicationFailure.nonRetryable(message, 'OutboundRefused');
        throw ApplicationFailure.retryable(message, 'DeliveryTransportError');
      }
      const success = response.status >= 200 && response.status < 300;
      await deliveries.recordAttempt(input, {
        attempt,
        success,
        statusCode: response.status,
        error: success ? null : `HTTP ${response.status}`,
        durationMs: response.durationMs,
      });
      if (success) return { status: 'delivered', statusCode: response.status, attempt };
      const message = `Receiver answered HTTP ${response.status}`;
      if (retryableStatus(response.status)) throw ApplicationFailure.retryable(message, 'DeliveryHttpError');
      throw ApplicationFailure.nonRetryable(message, 'DeliveryRejected');
    },

    /**
     * Counts a finished delivery: success resets the integration's consecutive failures, a failure
     * adds one and the tenth in a row pauses its deliveries (`deliveries_paused_at`, `status: 'error'`)
     * while its inbound webhooks keep working. The deciding attempt is marked `final` first, so a
     * re-run of this activity does not count twice.
     */
    async recordDeliveryOutcome(input: DeliveryInput & { succeeded: boolean }): Promise<{ consecutiveFailures: number; paused: boolean }> {
      const outcome = await deps.webhookDeliveries().recordOutcome(input, DELIVERY_FAILURES_BEFORE_PAUSE);
      if (!outcome.counted) return { consecutiveFailures: -1, paused: false };
      const paused = outcome.integration?.paused ?? false;
      const log = Context.current().log;
      if (input.succeeded) log.info('webhook delivered', { integrationId: input.integrationId, eventId: input.eventId });
      else
        log.warn('webhook delivery failed', {
          integrationId: input.integrationId,
          eventId: input.eventId,
          consecutiveFailures: outcome.integration?.consecutiveFailures,
          paused,
        });
      return { consecutiveFailures: outcome.integration?.consecutiveFailures ?? 0, paused };
    },
  };
}
