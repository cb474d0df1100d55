import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { IncidentStatus } from '../../domain/incident.ts';
import type { Severity } from '../../domain/alert.ts';
import type { Urgency } from '../../domain/escalation.ts';
import type { Priority } from '../../domain/priority.ts';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';

export const IncidentEntity = defineEntity({
  name: 'Incident',
  tableName: 'incidents',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(OrganizationEntity).index(),
    title: p.string().length(500),
    description: p.text().nullable(),
    status: p.string().length(16).$type<IncidentStatus>(),
    severity: p.string().length(16).$type<Severity>(),
    assigneeId: p.uuid().nullable(),
    /** The platform identifier, or `manual`. */
    source: p.string().length(32),
    integrationId: p.uuid().nullable(),
    /** The alert dedup key; at most one open incident per organization and key (partial unique index). */
    fingerprint: p.string().length(200).nullable(),
    alertCount: p.integer().default(0),
    tags: p.json<string[]>().default('[]'),
    labels: p.json<Record<string, string>>().default('{}'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    acknowledgedAt: p.datetime().nullable(),
    resolvedAt: p.datetime().nullable(),
    /** First time the incident reached `mitigated` (kept when it moves on): analytics' MTTM. */
    mitigatedAt: p.datetime().nullable(),
    /** First time it had an assignee (kept when unassigned): with acknowledged_at, analytics' MTTA. */
    firstAssignedAt: p.datetime().nullable(),
    /** Similar incidents and suggested procedures, written by the worker (`{}` until then); only the detail reads it. */
    analysis: p.json<Record<string, unknown>>().default('{}').lazy(),
    analyzedAt: p.datetime().nullable(),
    /** Hash of the text `analysis` was computed from: unchanged text is not analyzed again. */
    analysisTextHash: p.string().length(64).nullable(),
    /** What routing chose when the incident opened (the outbox relay writes them); null until then, and for incidents created by hand. */
    routingRuleId: p.uuid().nullable(),
    escalationPolicyId: p.uuid().nullable(),
    urgency: p.string().length(8).$type<Urgency>().nullable(),
    /** P1–P5 beside severity: set by hand, or by the routing rule that routed it; null: none. */
    priority: p.string().length(2).$type<Priority>().nullable(),
    /** Which escalation pages it now: 1, then one more each time it reopens or is reassigned (workflow ids and pages carry it). */
    escalationCycle: p.integer().default(1),
    /** Snoozed while acknowledged: it pages again from level 1 at this time unless resolved (cleared on any status change). */
    snoozedUntil: p.datetime().nullable(),
    /** Set on an incident opened by a group (rule or integration `grouping`): at most one open per key. */
    groupKey: p.string().length(1000).nullable(),
    groupLabels: p.json<Record<string, string>>().nullable(),
    /** A group's first page waits until then (group_wait after its first alert); null pages at once. */
    pageAfter: p.datetime().nullable(),
    groupIntervalSeconds: p.integer().nullable(),
    /** When alerts that joined the group were last announced, and the alert count then. */
    groupNotifiedAt: p.datetime().nullable(),
    groupNotifiedCount: p.integer().default(0),
    /** Its reopenings within its integration's flap window (ISO times), and since when it flaps. */
    reopenedAt: p.json<string[]>().default('[]'),
    flappingSince: p.datetime().nullable(),
    /** The incident this one was merged into (resolved by the merge); null once unmerged, or never merged. */
    mergedIntoId: p.uuid().nullable(),
  },
});

export type Incident = InferEntity<typeof IncidentEntity>;
