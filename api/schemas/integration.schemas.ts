import { z } from 'zod';
import { MAX_MAPPING_TEMPLATE_LENGTH } from '../../shared/alerts/json-mapping.ts';
import { PLATFORMS } from '../../shared/domain/alert.ts';
import { INTEGRATION_STATUSES } from '../../shared/domain/delivery.ts';
import { EVENT_TYPES } from '../../shared/domain/events.ts';
import { list, nonBlankText, PaginationQuery, requireAnyOf, single, timestamp } from './common.ts';
import { flappingField, groupingField, reopenWindowField } from './grouping.schemas.ts';
import { ownerTeamId, teamIdFilter } from './team.schemas.ts';

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

const mappingTemplate = z
  .string()
  .min(1)
  .max(MAX_MAPPING_TEMPLATE_LENGTH)
  .describe(
    '`generic_json` only: a JSONata template that maps the body to one alert object (or an array of them) with `title`, `severity`, `fingerprint`, `status` (firing or resolved) and `labels`, optionally `description` and `source` (kept as the `source` label). Compiled when saved: a template that does not compile is 422 naming the position of the error. null: the body itself must have that shape.',
  );

export const CreateIntegrationBody = z.object({
  name: nonBlankText().max(200),
  platform: z.enum(PLATFORMS),
  secret: secret.optional(),
  enabled: z.boolean().default(true),
  webhook_config: WebhookConfigSchema.nullish(),
  settings: z.record(z.string(), z.unknown()).default({}),
  mapping_template: mappingTemplate.nullish(),
  escalation_policy_id: z
    .uuid()
    .describe(
      "The escalation policy this integration's incidents page through when no routing rule matches; null: its team's default policy (when `team_id` names a team that has one), else the organization's default policy (none: today's notifications only)",
    )
    .nullish(),
  grouping: groupingField.optional(),
  flapping: flappingField.optional(),
  reopen_window_minutes: reopenWindowField.optional(),
  team_id: ownerTeamId.optional(),
});

export const UpdateIntegrationBody = requireAnyOf(
  z.object({
    name: nonBlankText().max(200).optional(),
    enabled: z.boolean().optional(),
    webhook_config: WebhookConfigSchema.nullable().optional(),
    settings: z.record(z.string(), z.unknown()).optional(),
    mapping_template: mappingTemplate.nullable().optional(),
    escalation_policy_id: z
      .uuid()
      .describe(
        "The escalation policy this integration's incidents page through when no routing rule matches; null: its team's default policy (when `team_id` names a team that has one), else the organization's default policy (none: today's notifications only)",
      )
      .nullable()
      .optional(),
    grouping: groupingField.optional(),
    flapping: flappingField.optional(),
    reopen_window_minutes: reopenWindowField.optional(),
    team_id: ownerTeamId.optional(),
    outbound_paused: z
      .boolean()
      .optional()
      .describe(
        '`false` resumes outbound deliveries paused after repeated failures (the failure count starts again); `true` pauses them. Inbound webhooks are not affected either way.',
      ),
  }),
);

export const IntegrationListQuery = PaginationQuery.extend({ platform: z.enum(PLATFORMS).optional(), team_id: teamIdFilter });

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
    mapping_template: z.string().nullable().describe('`generic_json` only: the JSONata template its bodies are mapped by'),
    escalation_policy_id: z
      .uuid()
      .describe(
        "The escalation policy this integration's incidents page through when no routing rule matches; null: its team's default policy (when `team_id` names a team that has one), else the organization's default policy (none: today's notifications only)",
      )
      .nullable(),
    grouping: groupingField,
    flapping: flappingField,
    reopen_window_minutes: reopenWindowField,
    team_id: z.uuid().nullable().describe("The owning team; null: the organization's"),
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

const sample = z
  .unknown()
  .refine((value) => value !== undefined, { message: 'is required' })
  .describe('A body as the sender posts it');

const MappingProblemSchema = z
  .object({
    stage: z
      .enum(['compile', 'evaluate'])
      .describe('`compile`: the template is not JSONata; `evaluate`: it failed or ran past its limits on the sample'),
    code: z.string().describe("JSONata's error code (D1011: too deep, D1012: too long)"),
    message: z.string(),
    position: z.number().int().nullable().describe('Character offset in the template where JSONata stopped'),
    token: z.string().nullable(),
  })
  .meta({ id: 'MappingProblem' });

const MappedAlertSchema = z
  .object({
    title: z.string(),
    severity: z.enum(['critical', 'high', 'medium', 'low']),
    status: z.enum(['firing', 'resolved']),
    fingerprint: z.string(),
    dedup_key: z.string().describe('The key its incident is found by: the fingerprint, hashed when it has characters a key cannot'),
    labels: z.record(z.string(), z.string()),
    description: z.string().nullable(),
  })
  .meta({ id: 'MappedAlert' });

export const TestMappingBody = z
  .object({
    template: mappingTemplate,
    sample: sample,
  })
  .strict();

export const TestIntegrationMappingBody = z
  .object({
    template: mappingTemplate.optional().describe("A template to try instead of the integration's stored one"),
    sample: sample,
  })
  .strict();

export const TestMappingResponse = z
  .object({
    data: z.object({
      alerts: z.array(MappedAlertSchema).describe('The alerts the sample maps to'),
      rejected: z
        .array(z.object({ index: z.number().int(), field: z.string(), reason: z.string() }))
        .describe('Mapped objects that are not alerts, and why (`[1].severity is required`)'),
      error: MappingProblemSchema.nullable().describe('Why the template produced nothing; null when it ran'),
    }),
  })
  .meta({ id: 'TestMappingResult' });
