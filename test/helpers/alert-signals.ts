import { randomUUID } from 'node:crypto';
import type { Severity } from '../../shared/domain/alert.ts';
import type { AlertSignalPayload } from '../../shared/domain/ingestion.ts';

/**
 * A metrics_alerts alert of one integration as the API hands it to ingestion: a new alert id each
 * time unless `extra` names one, titled by its dedup key and status.
 */
export function alertSignalOf(target: { organizationId: string; integrationId: string }) {
  return (
    dedupKey: string,
    status: 'firing' | 'resolved' = 'firing',
    options: { severity?: Severity; extra?: Partial<AlertSignalPayload> } = {},
  ): AlertSignalPayload => ({
    alertId: randomUUID(),
    organizationId: target.organizationId,
    integrationId: target.integrationId,
    receivedAt: new Date().toISOString(),
    alert: {
      platform: 'metrics_alerts',
      externalId: null,
      dedupKey,
      title: `${dedupKey} ${status}`,
      description: null,
      severity: options.severity ?? 'medium',
      status,
      source: 'metrics_alerts',
      host: null,
      service: null,
      labels: {},
      links: {},
      occurredAt: null,
      raw: { dedupKey },
    },
    ...options.extra,
  });
}
