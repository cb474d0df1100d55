// Kept free of Node built-ins and I/O: the outbound-delivery workflow imports these types.

/** The single input of `outboundDeliveryWorkflow`: one domain event to one integration. */
export interface DeliveryInput {
  eventId: string;
  eventType: string;
  organizationId: string;
  integrationId: string;
  incidentId: string | null;
}

/** What one `sendWebhook` activity run reports when it did not throw. */
export type SendWebhookResult = { status: 'delivered'; statusCode: number; attempt: number } | { status: 'skipped'; reason: string };

export interface DeliveryResult {
  status: 'delivered' | 'failed' | 'skipped';
  statusCode: number | null;
  error: string | null;
}

/**
 * Contract values: 3 attempts, 2^n s apart, 30 s per request; 10 failed deliveries in a row pause
 * the integration's deliveries (its inbound webhooks keep working).
 */
export const DELIVERY_MAX_ATTEMPTS = 3;
export const DELIVERY_REQUEST_TIMEOUT_MS = 30_000;
export const DELIVERY_FAILURES_BEFORE_PAUSE = 10;

/** An integration's state: `error` while its outbound deliveries are paused; `connected` once an alert arrived. */
export const INTEGRATION_STATUSES = ['connected', 'disconnected', 'error'] as const;
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number];
