import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { EscalationPolicyEntity, IncidentEntity, ScheduleEntity, UserEntity } from '../../shared/db/entities/index.ts';
import { escalationPolicySnapshot } from '../../shared/db/access/escalation-policies.ts';
import { addTimelineEntry, recordDomainEvent } from '../../shared/db/access/incidents.ts';
import {
  incidentResponders,
  insertResponders,
  responderForAnswer,
  setResponderStatus,
  type ResponderRow,
} from '../../shared/db/access/responders.ts';
import { memberName } from '../../shared/db/access/users.ts';
import { teamRoster } from '../../shared/db/access/teams.ts';
import { targetUserIds } from '../../shared/domain/teams.ts';
import { answerResponderRequest, type ResponderAnswer, type ResponderVia } from '../../shared/domain/responders.ts';
import type { EventType } from '../../shared/domain/events.ts';
import { ConflictError, InsufficientPermissionsError, NotFoundError, ValidationError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { AddRespondersInput, AddRespondersResult, ResponderView } from '../schemas/responder.schemas.ts';

export type ResponderService = ReturnType<typeof createResponderService>;

/** Who a schedule has on call at a moment (shared/db/access/schedule-on-call.ts). */
export type OnCallNow = (organizationId: string, scheduleId: string, at: Date) => Promise<string[]>;

const responderView = (row: ResponderRow): ResponderView => ({
  id: row.id,
  incident_id: row.incident_id,
  user_id: row.user_id,
  user_name: row.user_name,
  requested_by: row.requested_by,
  message: row.message,
  via: { type: row.via_type, id: row.via_id },
  status: row.status,
  responded_at: row.responded_at ? new Date(row.responded_at).toISOString() : null,
  created_at: new Date(row.created_at).toISOString(),
});

/** Whether the target is one of the request's organization (the entity manager is scoped to it). */
const targetExists = async (em: EntityManager, type: ResponderVia, id: string): Promise<boolean> => {
  if (type === 'user') return (await em.count(UserEntity, { id })) > 0;
  if (type === 'schedule') return (await em.count(ScheduleEntity, { id })) > 0;
  return (await em.count(EscalationPolicyEntity, { id })) > 0;
};

/**
 * Responders (PagerDuty's Add Responders): people asked to help on an incident, each paged once
 * through their own notification rules (the outbox relay starts their pages from the request's
 * event), who accept or decline. Only the asked person answers their request.
 */
export function createResponderService(deps: { em: () => EntityManager; onCall: OnCallNow }) {
  /** The people a target stands for now: a member, a schedule's on-call, a policy's first level. */
  const peopleOf = async (em: EntityManager, organizationId: string, type: ResponderVia, id: string, now: Date): Promise<string[]> => {
    if (type === 'user') return [id];
    if (type === 'schedule') return deps.onCall(organizationId, id, now);
    const policy = await escalationPolicySnapshot(em, organizationId, id);
    return targetUserIds(policy?.levels[0]?.targets ?? [], {
      onCall: (scheduleId) => deps.onCall(organizationId, scheduleId, now),
      team: (teamId) => teamRoster(em, organizationId, teamId),
    });
  };

  return {
    async list(auth: AuthContext, incidentId: string): Promise<ResponderView[]> {
      const em = deps.em();
      if (!(await em.count(IncidentEntity, { id: incidentId }))) throw new NotFoundError('Incident');
      return (await incidentResponders(em, auth.organizationId, incidentId)).map(responderView);
    },

    /**
     * Asks the targets' people to respond: each person once per incident (asked before, whatever
     * they answered: skipped, so a declined responder is never paged again). A resolved incident
     * is refused (409); a target not of the organization is 422.
     */
    async add(auth: AuthContext, incidentId: string, input: AddRespondersInput): Promise<AddRespondersResult> {
      return deps.em().transactional(async (em) => {
        const incident = await em.findOne(IncidentEntity, { id: incidentId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!incident) throw new NotFoundError('Incident');
        if (incident.status === 'resolved') throw new ConflictError('A resolved incident takes no responders: reopen it first');
        const missing: Array<{ path: string; message: string }> = [];
        for (const [index, target] of input.targets.entries()) {
          if (!(await targetExists(em, target.type, target.id)))
            missing.push({ path: `body.targets.${index}.id`, message: `no such ${target.type.replace('_', ' ')} in this organization` });
        }
        if (missing.length > 0) throw new ValidationError(missing);
        const now = new Date();
        const people = new Map<string, { userId: string; via: ResponderVia; viaId: string }>();
        const nobody: string[] = [];
        for (const target of input.targets) {
          const found = await peopleOf(em, auth.organizationId, target.type, target.id, now);
          if (found.length === 0) nobody.push(target.id);
          for (const userId of found) if (!people.has(userId)) people.set(userId, { userId, via: target.type, viaId: target.id });
        }
        const inserted = await insertResponders(em, {
          organizationId: auth.organizationId,
          incidentId,
          requestedBy: auth.userId,
          message: input.message ?? null,
          people: [...people.values()],
        });
        const addedIds = new Set(inserted.map((row) => row.id));
        if (inserted.length > 0) {
          const asker = (await memberName(em, auth.organizationId, auth.userId)) ?? 'A member';
          addTimelineEntry(em, incident, {
            type: 'responder',
            actorId: auth.userId,
            message: `${asker} asked ${inserted.length} responder(s) to help${input.message ? `: ${input.message}` : ''}`,
            data: { responder_ids: [...addedIds], user_ids: inserted.map((row) => row.user_id), message: input.message ?? null },
          });
          // The relay pages each new responder from this event (worker/outbox/responders.ts).
          recordDomainEvent(em, incident, 'responders.requested' as EventType, { actor_id: auth.userId, responder_ids: [...addedIds] });
        }
        await em.flush();
        const all = (await incidentResponders(em, auth.organizationId, incidentId)).map(responderView);
        const insertedUsers = new Set(inserted.map((row) => row.user_id));
        return {
          added: all.filter((responder) => addedIds.has(responder.id)),
          already_asked: [...people.keys()].filter((userId) => !insertedUsers.has(userId)),
          nobody_on_call: nobody,
          responders: all,
        };
      });
    },

    /** The asked person accepts or declines their request (anyone else: 403); answering again the same way changes nothing. */
    async answer(auth: AuthContext, incidentId: string, responderId: string, answer: ResponderAnswer): Promise<ResponderView> {
      return deps.em().transactional(async (em) => {
        const incident = await em.findOne(IncidentEntity, { id: incidentId });
        if (!incident) throw new NotFoundError('Incident');
        const row = await responderForAnswer(em, auth.organizationId, incidentId, responderId);
        if (!row) throw new NotFoundError('Responder');
        if (row.user_id !== auth.userId) throw new InsufficientPermissionsError('responders:answer (only the asked person answers)');
        const outcome = answerResponderRequest(row.status, answer);
        if ('refused' in outcome) throw new ConflictError(outcome.refused);
        if (outcome.changed) {
          await setResponderStatus(em, responderId, outcome.status);
          addTimelineEntry(em, incident, {
            type: 'responder',
            actorId: auth.userId,
            message: `${row.user_name ?? 'A responder'} ${outcome.status} the request to respond`,
            data: { responder_id: responderId, status: outcome.status },
          });
          await em.flush();
        }
        const fresh = await responderForAnswer(em, auth.organizationId, incidentId, responderId);
        return responderView(fresh as ResponderRow);
      });
    },
  };
}
