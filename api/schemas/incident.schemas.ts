import { ResponderSchema } from './responder.schemas.ts';
import { IncidentRoleAssignmentSchema } from './incident-role.schemas.ts';
import { z } from 'zod';
import { URGENCIES } from '../../shared/domain/escalation.ts';
import { PRIORITIES } from '../../shared/domain/priority.ts';
import { INCIDENT_STATUSES, SEVERITIES, TIMELINE_TYPES } from '../../shared/domain/incident.ts';
import { list, nonBlankText, PaginationQuery, requireAnyOf, single, timestamp } from './common.ts';

const tags = z.array(nonBlankText().max(100)).max(50);
const priority = z
  .enum(PRIORITIES)
  .describe('P1 (most pressing) to P5, beside severity: what to work on first. Set by hand, or by the routing rule that routed it');

export const IncidentSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string().nullable(),
    status: z.enum(INCIDENT_STATUSES),
    severity: z.enum(SEVERITIES),
    assignee_id: z.uuid().nullable(),
    source: z.string().describe('The platform identifier of the alerts that opened it, or `manual`'),
    integration_id: z.uuid().nullable(),
    fingerprint: z.string().nullable().describe('The alert dedup key'),
    alert_count: z.number().int(),
    tags: z.array(z.string()),
    created_at: timestamp(),
    updated_at: timestamp(),
    acknowledged_at: timestamp().nullable(),
    resolved_at: timestamp().nullable(),
    urgency: z
      .enum(URGENCIES)
      .nullable()
      .describe(
        'Chosen by routing when an alert opened the incident: `high` pages through every contact method, `low` by email only. Null for incidents created by hand, and for a moment after an alert opens one, until it is routed.',
      ),
    routing_rule_id: z
      .uuid()
      .nullable()
      .describe('The routing rule that chose the policy and urgency; null when none matched (or not routed)'),
    escalation_policy_id: z
      .uuid()
      .nullable()
      .describe(
        "The escalation policy routing chose: the rule's, else the integration's, else the organization's default; null when none applied",
      ),
    priority: priority.nullable().describe('P1 (most pressing) to P5, beside severity; null: none set'),
    merged_into: z
      .uuid()
      .nullable()
      .describe(
        'The incident this one was merged into (POST /incidents/{id}/merge); null when it is not. Its merges and links: GET /incidents/{id}/merges, /links',
      ),
  })
  .meta({ id: 'Incident' });

export const TimelineEntrySchema = z
  .object({
    id: z.uuid(),
    type: z.enum(TIMELINE_TYPES),
    message: z.string(),
    actor_id: z.uuid().nullable(),
    data: z.record(z.string(), z.unknown()),
    created_at: timestamp(),
  })
  .meta({ id: 'TimelineEntry' });

const AnalysisHitSchema = z
  .object({
    type: z.string().describe('`incident`, `procedure` or `article`'),
    id: z.string(),
    title: z.string(),
    score: z.number(),
  })
  .meta({ id: 'IncidentAnalysisHit' });

export const IncidentAnalysisSchema = z
  .object({
    similar_incidents: z
      .array(AnalysisHitSchema)
      .optional()
      .describe('Other incidents of the organization with similar title and description'),
    suggested_procedures: z.array(AnalysisHitSchema).optional().describe('Procedures and knowledge-base articles that match the incident'),
    analyzed_at: timestamp().optional().describe('When the worker computed this analysis'),
  })
  .meta({
    id: 'IncidentAnalysis',
    description:
      'Computed by the worker (hybrid search on title and description) when the incident is created or its text changes, and refreshed ' +
      'when a read finds it older than 15 minutes (the read answers at once with what is stored). `{}` until computed, and without a search index.',
  });

export const IncidentDetailSchema = IncidentSchema.extend({
  labels: z.record(z.string(), z.string()),
  timeline: z.array(TimelineEntrySchema),
  responders: z
    .array(ResponderSchema)
    .describe('People asked to help (POST /incidents/{id}/responders) and their answers, oldest request first'),
  roles: z
    .array(IncidentRoleAssignmentSchema)
    .describe('Who holds which incident role (PUT /incidents/{id}/roles/{role}), first assigned first'),
  analysis: IncidentAnalysisSchema,
}).meta({ id: 'IncidentDetail' });

const dateTime = z.iso.datetime({ offset: true });

export const IncidentListQuery = PaginationQuery.extend({
  status: z.enum(INCIDENT_STATUSES).optional(),
  severity: z.enum(SEVERITIES).optional(),
  priority: priority.optional(),
  assignee_id: z.uuid().optional(),
  created_after: dateTime.optional().describe('ISO 8601; incidents created at or after'),
  created_before: dateTime.optional().describe('ISO 8601; incidents created before'),
  search: nonBlankText().max(500).optional().describe('Full-text search over title and description'),
});

export const CreateIncidentBody = z.object({
  title: nonBlankText().max(500),
  description: z.string().max(20_000).nullish(),
  severity: z
    .enum(SEVERITIES)
    .optional()
    .describe("Default: the organization's `default_incident_severity` setting (`medium` unless changed)"),
  status: z.enum(INCIDENT_STATUSES).default('active'),
  assignee_id: z
    .uuid()
    .nullish()
    .describe('A member of the organization: an `active` incident pages them at once through their notification rules'),
  escalation_policy_id: z
    .uuid()
    .nullish()
    .describe('A policy of the organization: an `active`, unassigned incident pages through it from level 1, as one opened by an alert'),
  urgency: z
    .enum(URGENCIES)
    .optional()
    .describe('How urgently it pages (default `high`): `high` through every contact method, `low` by email only'),
  priority: priority.nullish(),
  tags: tags.default([]),
});

export const UpdateIncidentBody = requireAnyOf(
  z.object({
    title: nonBlankText().max(500).optional(),
    description: z.string().max(20_000).nullable().optional(),
    status: z.enum(INCIDENT_STATUSES).optional(),
    severity: z.enum(SEVERITIES).optional(),
    priority: priority.nullable().optional(),
    assignee_id: z.uuid().nullable().optional(),
    tags: tags.optional(),
  }),
);

/** What the incident service returns: the response schemas are the contract, these types follow them. */
export type IncidentView = z.output<typeof IncidentSchema>;
export type IncidentDetailView = z.output<typeof IncidentDetailSchema>;

export const IncidentResponse = single(IncidentSchema);
export const IncidentDetailResponse = single(IncidentDetailSchema);
export const IncidentListResponse = list(IncidentSchema);
