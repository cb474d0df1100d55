import { z } from 'zod';
import {
  COMPONENT_STATUSES,
  STATUS_PAGE_DOMAIN,
  STATUS_PAGE_SLUG,
  STATUS_UPDATE_KINDS,
  STATUS_UPDATE_VISIBILITIES,
} from '../../shared/domain/status-page.ts';
import { emailAddress, nonBlankText, requireAnyOf, single, timestamp } from './common.ts';

const kind = z.enum(STATUS_UPDATE_KINDS).describe('Where the incident stands: investigating, identified, monitoring or resolved');
const visibility = z
  .enum(STATUS_UPDATE_VISIBILITIES)
  .describe(
    '`internal`: the timeline, the chat feed and members subscribed to the incident. `public`: also the status page, its Atom feed and every subscriber (outside addresses too)',
  );

export const CreateStatusUpdateBody = z
  .object({
    kind,
    body: nonBlankText().max(5000).describe('The update itself, plain text'),
    visibility: visibility.default('internal'),
    title: nonBlankText()
      .max(200)
      .nullable()
      .default(null)
      .describe(
        "The incident's name on the status page from this update on (public updates only; the incident's own title is never published). Null keeps the name an earlier public update gave, else `Service disruption`",
      ),
  })
  .strict();

export const StatusUpdateSchema = z
  .object({
    id: z.uuid(),
    incident_id: z.uuid(),
    kind,
    title: z.string().nullable(),
    body: z.string(),
    visibility,
    author_id: z.uuid().nullable(),
    created_at: timestamp(),
  })
  .meta({ id: 'StatusUpdate' });
export type StatusUpdateView = z.output<typeof StatusUpdateSchema>;
export const StatusUpdateResponse = single(StatusUpdateSchema);
export const StatusUpdateListResponse = single(z.array(StatusUpdateSchema));

export const IncidentSubscriberBody = z
  .object({
    email: emailAddress()
      .optional()
      .describe(
        "An outside address: it gets a confirmation mail first (double opt-in). Omit it to subscribe yourself (your account's address, confirmed at once)",
      ),
  })
  .strict();

export const SubscriberSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    user_id: z.uuid().nullable(),
    confirmed: z.boolean().describe('False until the address followed its confirmation link'),
  })
  .meta({ id: 'StatusSubscriber' });
export type SubscriberView = z.output<typeof SubscriberSchema>;
export const SubscriberResponse = single(SubscriberSchema);
export const SubscriberListResponse = single(z.array(SubscriberSchema));
export const SubscriberParams = z.object({ id: z.uuid(), subscriberId: z.uuid() });

const slug = z
  .string()
  .regex(STATUS_PAGE_SLUG)
  .describe('The page lives at `/status/{slug}`: 3 to 63 lowercase letters, digits and inner hyphens, unique across Tocsin');
const domain = z
  .string()
  .max(253)
  .regex(STATUS_PAGE_DOMAIN)
  .nullable()
  .describe('A host name (no scheme or port) whose requests the API answers with this page: point its DNS at Tocsin. Unique across Tocsin');

export const StatusPageSettingsSchema = z
  .object({
    slug,
    title: z.string(),
    enabled: z.boolean().describe('Only an enabled page is served; a disabled one answers 404'),
    custom_domain: domain,
    url: z.string().describe('Where the page is served'),
    updated_at: timestamp(),
  })
  .meta({ id: 'StatusPageSettings' });
export type StatusPageSettingsView = z.output<typeof StatusPageSettingsSchema>;
export const StatusPageSettingsResponse = single(StatusPageSettingsSchema);

export const PutStatusPageSettingsBody = z
  .object({
    slug,
    title: nonBlankText().max(200).describe('Shown as the page heading'),
    enabled: z.boolean().default(false),
    custom_domain: domain.default(null),
  })
  .strict();

const mapping = z.array(z.uuid()).max(100);
const componentStatus = z.enum(COMPONENT_STATUSES);

const componentFields = {
  name: nonBlankText().max(200),
  description: z.string().max(1000).nullable(),
  position: z.number().int().min(0).max(10_000).describe('Components are listed by position, then name'),
  integration_ids: mapping.describe(
    "Open incidents from these integrations set the component's status (the organization's own; 422 otherwise)",
  ),
  routing_rule_ids: mapping.describe(
    "Open incidents routed by these rules set the component's status (the organization's own; 422 otherwise)",
  ),
  status_override: componentStatus
    .nullable()
    .describe(
      'Shown instead of the derived status while set; null: derived from open incidents (critical: major outage, high: partial outage, medium and low: degraded) and maintenance windows',
    ),
};

export const CreateComponentBody = z
  .object({
    ...componentFields,
    description: componentFields.description.default(null),
    position: componentFields.position.default(0),
    integration_ids: componentFields.integration_ids.default([]),
    routing_rule_ids: componentFields.routing_rule_ids.default([]),
    status_override: componentFields.status_override.default(null),
  })
  .strict();

export const UpdateComponentBody = requireAnyOf(
  z
    .object({
      name: componentFields.name.optional(),
      description: componentFields.description.optional(),
      position: componentFields.position.optional(),
      integration_ids: componentFields.integration_ids.optional(),
      routing_rule_ids: componentFields.routing_rule_ids.optional(),
      status_override: componentFields.status_override.optional(),
    })
    .strict(),
);

export const ComponentSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    position: z.number().int(),
    integration_ids: z.array(z.uuid()),
    routing_rule_ids: z.array(z.uuid()),
    status_override: componentStatus.nullable(),
    status: componentStatus.describe('What the page shows now'),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'StatusPageComponent' });
export type ComponentView = z.output<typeof ComponentSchema>;
export const ComponentResponse = single(ComponentSchema);
export const ComponentListResponse = single(z.array(ComponentSchema));

export const StatusPageParams = z.object({ slug: z.string().max(63) });
export const SubscriberTokenQuery = z.object({ token: z.string().max(200) });
export const PublicSubscribeBody = z.object({ email: emailAddress() });

export const StatusPageSummarySchema = z
  .object({
    slug: z.string(),
    title: z.string(),
    status: componentStatus,
    status_text: z.string(),
    updated_at: timestamp(),
    components: z.array(z.object({ id: z.uuid(), name: z.string(), description: z.string().nullable(), status: componentStatus })),
    incidents: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        impact: componentStatus,
        status: kind,
        resolved: z.boolean(),
        started_at: timestamp(),
        components: z.array(z.string()),
        updates: z.array(z.object({ id: z.uuid(), kind, body: z.string(), created_at: timestamp() })),
      }),
    ),
    maintenances: z.array(
      z.object({
        id: z.uuid(),
        description: z.string(),
        starts_at: timestamp(),
        ends_at: timestamp(),
        in_progress: z.boolean(),
        components: z.array(z.string()),
      }),
    ),
  })
  .meta({ id: 'StatusPageSummary' });
