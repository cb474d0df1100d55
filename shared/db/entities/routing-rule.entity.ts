import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { GroupingSettings } from '../../domain/alert-grouping.ts';
import type { Urgency } from '../../domain/escalation.ts';
import type { Matcher } from '../../domain/matchers.ts';
import type { Priority } from '../../domain/priority.ts';
import { uuidv7 } from '../../uuidv7.ts';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';

/** Chooses the escalation policy and urgency of the incidents whose opening alert its matchers select; first match wins. */
export const RoutingRuleEntity = defineEntity({
  name: 'RoutingRule',
  tableName: 'routing_rules',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => uuidv7()),
    organization: () => p.manyToOne(OrganizationEntity),
    name: p.string().length(200),
    matchers: p.json<Matcher[]>(),
    escalationPolicyId: p.uuid(),
    /** The owning team; null: the organization's. */
    teamId: p.uuid().nullable(),
    urgency: p.string().length(8).$type<Urgency>(),
    enabled: p.boolean().default(true),
    /** Overrides the policy's acknowledgement timeout for the incidents it routes; null: the policy's. */
    ackTimeoutMinutes: p.double().$type<number>().runtimeType('number').nullable(),
    /** How the alerts this rule routes gather into incidents; null: the integration's grouping. */
    grouping: p.json<GroupingSettings>().nullable(),
    /** The priority (P1–P5) of the incidents it routes; null: none. */
    priority: p.string().length(2).$type<Priority>().nullable(),
    /** The runbook started when an incident it routes opens; null: none (set null when the procedure is deleted). */
    remediationProcedureId: p.uuid().nullable(),
    /** The runbook's steps that change systems run without a person's approval. */
    remediationAutoApprove: p.boolean().default(false),
    /** The runbook's success resolves the incident. */
    remediationResolves: p.boolean().default(true),
    /** Evaluation order within the organization, from 0, without gaps (every write renumbers). */
    position: p.integer(),
    createdById: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type RoutingRule = InferEntity<typeof RoutingRuleEntity>;
