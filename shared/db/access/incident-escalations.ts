import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { EventType } from '../../domain/events.ts';
import type { IncidentStatus } from '../../domain/incident.ts';
import {
  EscalationPolicyEntity,
  IncidentEntity,
  PageEntity,
  UserEntity,
  type EscalationPolicy,
  type Incident,
  type Page,
} from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import { escalationPolicyName } from './escalation-policies.ts';
import { addTimelineEntry, changeIncidentStatus, recordDomainEvent } from './incidents.ts';
import { organizationTransaction } from './organization-transaction.ts';
import { memberName } from './users.ts';

/** A snooze or reassignment of one incident, inside one transaction and confined to one organization. */
export interface IncidentEscalationUnit {
  /** The organization's incident, locked until the transaction ends; undefined when it is not the organization's. */
  lockIncident(id: string): Promise<Incident | undefined>;
  isMember(userId: string): Promise<boolean>;
  isPolicy(policyId: string): Promise<boolean>;
  /** The member's name; undefined when they are not the organization's. */
  memberName(userId: string): Promise<string | undefined>;
  /** The policy's name; undefined when it is not the organization's. */
  policyName(policyId: string): Promise<string | undefined>;
  /** `changeIncidentStatus` (incidents.ts): false, with nothing written, when the status is unchanged. */
  changeStatus(incident: Incident, status: IncidentStatus, context: Parameters<typeof changeIncidentStatus>[3]): boolean;
  addTimelineEntry(incident: Incident, entry: Parameters<typeof addTimelineEntry>[2]): void;
  recordEvent(incident: Incident, type: EventType, extra: Record<string, unknown>): void;
}

/** Every read and write is confined to the organization given. */
export interface IncidentEscalationStore {
  /** The incident's escalation fields; undefined when it is not the organization's. */
  incident(
    organizationId: string,
    id: string,
  ): Promise<Pick<Incident, 'id' | 'urgency' | 'routingRuleId' | 'escalationPolicyId' | 'escalationCycle' | 'snoozedUntil'> | undefined>;
  /** The incident's escalation pages (cycle 1 on; cycle 0 holds responders' pages), oldest first. */
  pagesOf(organizationId: string, incidentId: string): Promise<Page[]>;
  policy(organizationId: string, policyId: string): Promise<EscalationPolicy | undefined>;
  /** Runs `work` in one transaction, flushing the incidents it changed at its end: all of it or none. */
  transaction<T>(organizationId: string, work: (unit: IncidentEscalationUnit) => Promise<T>): Promise<T>;
}

/** Organizations' incidents as their escalation sees them, with the pages it sent (`pages`). */
export function createIncidentEscalationStore(em: EntityManager): IncidentEscalationStore {
  const unit = (tx: EntityManager, organizationId: string): IncidentEscalationUnit => ({
    lockIncident: async (id) =>
      (await tx.findOne(IncidentEntity, { id, organization: organizationId }, { ...unscoped, lockMode: LockMode.PESSIMISTIC_WRITE })) ??
      undefined,
    isMember: async (userId) => (await tx.count(UserEntity, { id: userId, organization: organizationId }, unscoped)) > 0,
    isPolicy: async (policyId) => (await tx.count(EscalationPolicyEntity, { id: policyId, organization: organizationId }, unscoped)) > 0,
    memberName: (userId) => memberName(tx, organizationId, userId),
    policyName: (policyId) => escalationPolicyName(tx, organizationId, policyId),
    changeStatus: (incident, status, context) => changeIncidentStatus(tx, incident, status, context),
    addTimelineEntry: (incident, entry) => addTimelineEntry(tx, incident, entry),
    recordEvent: (incident, type, extra) => recordDomainEvent(tx, incident, type, extra),
  });
  return {
    incident: async (organizationId, id) =>
      (await em.findOne(
        IncidentEntity,
        { id, organization: organizationId },
        { ...unscoped, fields: ['id', 'urgency', 'routingRuleId', 'escalationPolicyId', 'escalationCycle', 'snoozedUntil'] },
      )) ?? undefined,
    pagesOf: (organizationId, incidentId) =>
      em.find(
        PageEntity,
        { organization: organizationId, incidentId, cycle: { $gt: 0 } },
        { ...unscoped, orderBy: { createdAt: 'asc', id: 'asc' } },
      ),
    policy: async (organizationId, policyId) =>
      (await em.findOne(EscalationPolicyEntity, { id: policyId, organization: organizationId }, unscoped)) ?? undefined,
    transaction: organizationTransaction(em, unit),
  };
}
