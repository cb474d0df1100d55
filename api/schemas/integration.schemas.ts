import { z } from 'zod';
import { PLATFORMS } from '../../shared/domain/alert.ts';
import { INTEGRATION_STATUSES } from '../../shared/domain/delivery.ts';
import { EVENT_TYPES } from '../../shared/domain/events.ts';
import { list, nonBlankText, PaginationQuery, requireAnyOf, single, timestamp } from './common.ts';
import { flappingField, groupingField } from './grouping.schemas.ts';

const headerName = z.string().regex(/^[A-Za-z0-9-]{1,100}$/, 'must be a header name');

/** Write-only header values: sealed at rest, answered as `[redacted]`, sent as given. */
export const SecretHeadersSchema = z
  .record(
    headerName,
    z
      .string()
      .min(1)
      .max(2000)
      .regex(/^[^\r\n]*$/, 'must not contain line breaks'),
  )
  .describe(
    'Write-only headers for credentials: stored encrypted and added to every request at send time; responses show each name with the value `[redacted]`. ' +
      'On update, an omitted `secret_headers` keeps the stored ones, `{}` removes them, and the value `[redacted]` keeps the stored value of that name. ' +
      'Stored values are kept only while `url` keeps its scheme, host and port: an update moving it elsewhere must send every value again (422 VALIDATION_ERROR naming the header otherwise).',
  );

export const WebhookConfigSchema = z
  .object({
    url: z.url({ protocol: /^https?$/ }).max(2000),
    method: z.enum(['POST', 'PUT', 'PATCH']).default('POST'),
    headers: z
      .record(headerName, z.string().max(2000))
      .default({})
      .describe(
        'Plain headers; values may use {{integration.secret}} and the incident placeholders. Shown as `[redacted]` to callers without integrations:update: put credentials in `secret_headers`.',
      ),
    secret_headers: SecretHeadersSchema.optional(),
    events: z.array(z.enum(EVENT_TYPES)).min(1),
    template: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('Body; string values may use {{incident.id}}, {{incident.title}}, {{incident.severity}}, {{incident.status}}'),
  })
  // A misspelt field (`header` for `headers`) would otherwise be dropped without a word.
  .strict()
  .meta({ id: 'WebhookConfig' });

const secret = z.string().min(16).max(200).describe('Shared secret for signatures (generated when omitted)');

export const CreateIntegrationBody = z.object({
  name: nonBlankText().max(200),
  platform: z.enum(PLATFORMS),
  secret: secret.optional(),
  enabled: z.boolean().default(true),
  webhook_config: WebhookConfigSchema.nullish(),
  settings: z.record(z.string(), z.unknown()).default({}),
  escalation_policy_id: z
    .uuid()
    .describe(
      "The escalation policy this integration's incidents page through; null: the organization's default policy (none: today's notifications only)",
    )
    .nullish(),
  grouping: groupingField.optional(),
  flapping: flappingField.optional(),
});

export const UpdateIntegrationBody = requireAnyOf(
  z.object({
    name: nonBlankText().max(200).optional(),
    enabled: z.boolean().optional(),
    webhook_config: WebhookConfigSchema.nullable().optional(),
    settings: z.record(z.string(), z.unknown()).optional(),
    escalation_policy_id: z
      .uuid()
      .describe(
        "The escalation policy this integration's incidents page through; null: the organization's default policy (none: today's notifications only)",
      )
      .nullable()
      .optional(),
    grouping: groupingField.optional(),
    flapping: flappingField.optional(),
    outbound_paused: z
      .boolean()
      .optional()
      .describe(
        '`false` resumes outbound deliveries paused after repeated failures (the failure count starts again); `true` pauses them. Inbound webhooks are not affected either way.',
      ),
  }),
);

export const IntegrationListQuery = PaginationQuery.extend({ platform: z.enum(PLATFORMS).optional() });

export const IntegrationSchema = z
  .object({
    id: z.uuid().describe('The integration_id of webhook URLs'),
    name: z.string(),
    platform: z.enum(PLATFORMS),
    status: z
      .enum(INTEGRATION_STATUSES)
      .describe('`error` while outbound deliveries are paused; otherwise `connected` once an alert arrived'),
    enabled: z
      .boolean()
      .describe(
        'Inbound switch: a disabled integration answers its webhooks 409 INTEGRATION_DISABLED and sends nothing. Failed deliveries never change it.',
      ),
    outbound_paused: z
      .boolean()
      .describe(
        'Outbound switch: true after 10 failed deliveries in a row (or a PATCH with `outbound_paused: true`). While paused no webhook is sent; inbound alerts keep being accepted. Resume with PATCH `{"outbound_paused": false}`.',
      ),
    deliveries_paused_at: timestamp().nullable().describe('When outbound deliveries were paused; null while they run'),
    webhook_url: z.string(),
    signature_header: z.string(),
    webhook_config: WebhookConfigSchema.nullable(),
    settings: z.record(z.string(), z.unknown()),
    escalation_policy_id: z
      .uuid()
      .describe(
        "The escalation policy this integration's incidents page through; null: the organization's default policy (none: today's notifications only)",
      )
      .nullable(),
    grouping: groupingField,
    flapping: flappingField,
    last_alert_at: timestamp().nullable(),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'Integration' });

export const IntegrationWithSecretSchema = IntegrationSchema.extend({
  webhook_secret: z.string().describe('Shown only in this response'),
  routing_key: z
    .string()
    .optional()
    .describe(
      "`pager` integrations only, shown only in this response: the Events API v2 routing key (PagerDuty's integration key), derived from the secret; it changes when the secret is rotated, and the previous one works as long as the previous secret does",
    ),
}).meta({ id: 'IntegrationWithSecret' });

export const PlatformSetupSchema = z
  .object({
    platform: z.enum(PLATFORMS),
    webhook_url_template: z.string(),
    short_form_url: z.string(),
    signature_header: z.string(),
    signature_format: z.string(),
    alternative_authentication: z.string(),
    example_payload: z.unknown(),
    integrations: z.array(IntegrationSchema),
  })
  .meta({ id: 'PlatformSetup' });

/** What the services return: the response schemas are the contract, these types follow them. */
export type IntegrationView = z.output<typeof IntegrationSchema>;
export type WebhookConfigView = z.output<typeof WebhookConfigSchema>;

export const IntegrationResponse = single(IntegrationSchema);
export const IntegrationWithSecretResponse = single(IntegrationWithSecretSchema);
export const IntegrationListResponse = list(IntegrationSchema);
export const PlatformSetupResponse = single(PlatformSetupSchema);

export const RejectedAlertSchema = z
  .object({
    index: z
      .number()
      .int()
      .min(0)
      .describe("The alert's position in the payload (`alerts[index]`, `messages[index]`; 0 for a single-alert body)"),
    field: z.string().describe('Path of the missing or invalid field, e.g. `alerts[1].labels.severity`'),
    reason: z.string().describe('What is wrong, e.g. `alerts[1].labels.severity is required`'),
  })
  .meta({ id: 'RejectedAlert' });

export const WebhookAcceptedResponse = z
  .object({
    success: z.literal(true),
    message: z.string(),
    data: z.object({
      integration_id: z.uuid(),
      alert_id: z.string().describe('The external alert id (the dedup key when the platform sends none)'),
      processing_status: z.literal('queued'),
      alerts: z.number().int().describe('How many alerts of the payload were queued'),
      rejected: z
        .array(RejectedAlertSchema)
        .describe('Alerts of the payload refused alone (each alert is judged on its own; the others were queued); empty when none was'),
    }),
  })
  .meta({ id: 'WebhookAccepted' });

export const WebhookErrorResponse = z
  .object({
    error: z.object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()) }),
    request_id: z.string(),
  })
  .meta({ id: 'WebhookError' });
