import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { EscalationPolicySnapshot } from '../../domain/escalation.ts';
import type { EventType } from '../../domain/events.ts';
import type { ResponderStatus, ResponderVia } from '../../domain/responders.ts';
import type { TeamRoster } from '../../domain/teams.ts';
import { EscalationPolicyEntity, IncidentEntity, ScheduleEntity, UserEntity, type Incident } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import { escalationPolicySnapshot } from './escalation-policies.ts';
import { addTimelineEntry, recordDomainEvent } from './incidents.ts';
import { incidentResponders, insertResponders, responderForAnswer, setResponderStatus, type ResponderRow } from './responders.ts';
import { teamRoster } from './teams.ts';
import { memberName } from './users.ts';
import { organizationTransaction } from './organization-transaction.ts';

/** One request or answer's reads and writes, inside one transaction and confined to one organization. */
export interface ResponderRequestUnit {
  /** The organization's incident, locked for update when `lock`; null when it is not the organization's. */
  incident(id: string, options?: { lock: boolean }): Promise<Incident | null>;
  /** Whether the member, schedule or escalation policy is the organization's. */
  targetExists(type: ResponderVia, id: string): Promise<boolean>;
  policy(policyId: string): Promise<EscalationPolicySnapshot | null>;
  teamRoster(teamId: string): Promise<TeamRoster | null>;
  memberName(userId: string): Promise<string | undefined>;
  /** `insertResponders` (responders.ts): members of the organization only. */
  insert(request: Omit<Parameters<typeof insertResponders>[1], 'organizationId'>): Promise<Array<{ id: string; user_id: string }>>;
  responders(incidentId: string): Promise<ResponderRow[]>;
  /** One request of the incident, locked for its answer. */
  responderForAnswer(incidentId: string, responderId: string): Promise<ResponderRow | undefined>;
  setStatus(responderId: string, status: ResponderStatus): Promise<void>;
  addTimelineEntry(incident: Incident, entry: Parameters<typeof addTimelineEntry>[2]): void;
  recordEvent(incident: Incident, type: EventType, extra: Record<string, unknown>): void;
}

/** Every read and write is confined to the organization given. */
export interface ResponderRequestStore {
  /** Runs `work` in one transaction, flushing its timeline entries and events at its end: all of it or none. */
  transaction<T>(organizationId: string, work: (unit: ResponderRequestUnit) => Promise<T>): Promise<T>;
  /** The incident's responders, oldest request first; undefined when the incident is not the organization's. */
  respondersOf(organizationId: string, incidentId: string): Promise<ResponderRow[] | undefined>;
}

/** Organizations' responder requests (`incident_responders`) and what asking them reads, created from one unit of work. */
export function createResponderRequestStore(em: EntityManager): ResponderRequestStore {
  const count = (tx: EntityManager, organizationId: string, type: ResponderVia, id: string) => {
    const where = { id, organization: organizationId };
    if (type === 'user') return tx.count(UserEntity, where, unscoped);
    if (type === 'schedule') return tx.count(ScheduleEntity, where, unscoped);
    return tx.count(EscalationPolicyEntity, where, unscoped);
  };
  const unit = (tx: EntityManager, organizationId: string): ResponderRequestUnit => ({
    incident: (id, options) =>
      tx.findOne(
        IncidentEntity,
        { id, organization: organizationId },
        options?.lock ? { ...unscoped, lockMode: LockMode.PESSIMISTIC_WRITE } : unscoped,
      ),
    targetExists: async (type, id) => (await count(tx, organizationId, type, id)) > 0,
    policy: async (policyId) => (await escalationPolicySnapshot(tx, organizationId, policyId)) ?? null,
    teamRoster: (teamId) => teamRoster(tx, organizationId, teamId),
    memberName: (userId) => memberName(tx, organizationId, userId),
    insert: (request) => insertResponders(tx, { ...request, organizationId }),
    responders: (incidentId) => incidentResponders(tx, organizationId, incidentId),
    responderForAnswer: (incidentId, responderId) => responderForAnswer(tx, organizationId, incidentId, responderId),
    setStatus: (responderId, status) => setResponderStatus(tx, organizationId, responderId, status),
    addTimelineEntry: (incident, entry) => addTimelineEntry(tx, incident, entry),
    recordEvent: (incident, type, extra) => recordDomainEvent(tx, incident, type, extra),
  });
  return {
    transaction: organizationTransaction(em, unit),
    async respondersOf(organizationId, incidentId) {
      const incident = await em.count(IncidentEntity, { id: incidentId, organization: organizationId }, unscoped);
      return incident > 0 ? incidentResponders(em, organizationId, incidentId) : undefined;
    },
  };
}
