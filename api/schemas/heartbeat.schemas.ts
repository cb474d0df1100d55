import { z } from 'zod';
import { SEVERITIES } from '../../shared/domain/alert.ts';
import { DEFAULT_WATCHDOG_ALERT_NAME, HEARTBEAT_STATUSES, MAX_PERIOD_SECONDS, MIN_PERIOD_SECONDS } from '../../shared/domain/heartbeat.ts';
import { list, nonBlankText, PaginationQuery, requireAnyOf, single, timestamp } from './common.ts';

const periodSeconds = z
  .number()
  .int()
  .min(MIN_PERIOD_SECONDS)
  .max(MAX_PERIOD_SECONDS)
  .describe('How often the heartbeat expects a ping, in seconds (5 s to 31 days)');
const graceSeconds = z
  .number()
  .int()
  .min(0)
  .max(MAX_PERIOD_SECONDS)
  .describe('How long past the period a ping may be late before the heartbeat lapses, in seconds');
const integrationId = z
  .uuid()
  .describe(
    "The integration a lapse opens its incident through: its routing rules, escalation policy, silences and maintenance windows apply as to any of its alerts. One of the organization's integrations (422 otherwise)",
  );
const severity = z.enum(SEVERITIES).describe("The lapse alert's severity");
const title = nonBlankText().max(500).nullable().describe('The incident title on a lapse; null: `Heartbeat "<name>" missed`');
const alertName = nonBlankText()
  .max(200)
  .describe(
    'The Alertmanager alert (`labels.alertname`) that counts as a ping when an Alertmanager webhook payload is posted to the ping URL (firing only)',
  );
const description = z.string().max(2000).nullable().describe('Added to the lapse incident: what stopped and what to check');

export const CreateHeartbeatBody = z
  .object({
    name: nonBlankText().max(200),
    description: description.default(null),
    integration_id: integrationId,
    period_seconds: periodSeconds,
    grace_seconds: graceSeconds.default(60),
    severity: severity.default('critical'),
    title: title.default(null),
    alert_name: alertName.default(DEFAULT_WATCHDOG_ALERT_NAME),
  })
  .strict();

export const UpdateHeartbeatBody = requireAnyOf(
  z
    .object({
      name: nonBlankText().max(200).optional(),
      description: description.optional(),
      integration_id: integrationId.optional(),
      period_seconds: periodSeconds.optional(),
      grace_seconds: graceSeconds.optional(),
      severity: severity.optional(),
      title: title.optional(),
      alert_name: alertName.optional(),
    })
    .strict(),
);

export const HeartbeatListQuery = PaginationQuery;

export const HeartbeatSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    integration_id: z.uuid(),
    period_seconds: z.number().int(),
    grace_seconds: z.number().int(),
    severity: z.enum(SEVERITIES),
    title: z.string().nullable(),
    alert_name: z.string(),
    status: z
      .enum(HEARTBEAT_STATUSES)
      .describe('`up`: pinged within its period and grace (or not yet due); `down`: lapsed, its incident opened, until the next ping'),
    last_ping_at: timestamp().nullable(),
    next_deadline_at: timestamp().describe('When it lapses unless pinged first: the last ping (else creation) + period + grace'),
    lapsed_at: timestamp().nullable().describe('When it last lapsed'),
    lapse_count: z.number().int(),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'Heartbeat' });
export type HeartbeatView = z.output<typeof HeartbeatSchema>;

const token = z.string().describe("The ping URL's secret; shown only in this answer (only its hash is stored)");
const pingUrl = z.string().describe('`<public URL>/api/v1/heartbeats/ping?token=<token>`: GET or POST it to ping');

export const HeartbeatWithTokenSchema = HeartbeatSchema.extend({ token, ping_url: pingUrl }).meta({ id: 'HeartbeatWithToken' });

export const HeartbeatResponse = single(HeartbeatSchema);
export const HeartbeatWithTokenResponse = single(HeartbeatWithTokenSchema);
export const HeartbeatListResponse = list(HeartbeatSchema);

export const HeartbeatPingQuery = z.object({
  token: z
    .string()
    .min(1)
    .max(200)
    .describe("The ping URL's secret (a query parameter, so it never appears in Tocsin's logged paths or traces)"),
});

export const HeartbeatPingResponse = single(
  z
    .object({
      pinged: z
        .boolean()
        .describe(
          "false when the body was an Alertmanager payload without a firing alert of the heartbeat's `alert_name` (nothing changed)",
        ),
    })
    .meta({ id: 'HeartbeatPing' }),
);
