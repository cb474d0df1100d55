import { z } from 'zod';
import { single, timestamp } from './common.ts';

export const IncidentAlertParams = z.object({ id: z.uuid(), dedup_key: z.string().min(1).max(200) });

export const IncidentAlertSchema = z
  .object({
    dedup_key: z.string().describe("The alert's fingerprint (dedup key): one entry per key"),
    status: z.enum(['firing', 'resolved']).describe("The key's latest alert: still firing, or resolved"),
    title: z.string(),
    labels: z.record(z.string(), z.string()).describe("The latest alert's labels"),
    silenced_kind: z
      .enum(['silence', 'maintenance_window', 'inhibition'])
      .nullable()
      .describe('Set when its latest alert was muted (it does not keep the incident open)'),
    alert_count: z.number().int().describe('How many alerts of this key the incident holds'),
    last_received_at: timestamp(),
  })
  .meta({ id: 'IncidentAlert' });
export type IncidentAlertView = z.output<typeof IncidentAlertSchema>;

export const UngroupedAlertSchema = z
  .object({
    incident_id: z.uuid().describe('The new incident holding the alerts of this key'),
    from_incident_id: z.uuid(),
    dedup_key: z.string(),
    alert_count: z.number().int().describe('Alerts moved'),
  })
  .meta({ id: 'UngroupedAlert' });

export const IncidentAlertListResponse = single(z.array(IncidentAlertSchema));
export const UngroupedAlertResponse = single(UngroupedAlertSchema);
