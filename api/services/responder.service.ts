import type { ResponderRequestStore, ResponderRequestUnit } from '../../shared/db/access/responder-requests.ts';
import { isoTimestamp, isoTimestampOrNull } from '../../shared/db/sql-timestamp.ts';
import type { ResponderRow } from '../../shared/db/access/responders.ts';
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
  responded_at: isoTimestampOrNull(row.responded_at),
  created_at: isoTimestamp(row.created_at),
});

/**
 * Responders (PagerDuty's Add Responders): people asked to help on an incident, each paged once
 * through their own notification rules (the outbox relay starts their pages from the request's
 * event), who accept or decline. Only the asked person answers their request.
 */
export function createResponderService(deps: { responders: () => ResponderRequestStore; onCall: OnCallNow }) {
  /** The people a target stands for now: a member, a schedule's on-call, a policy's first level. */
  const peopleOf = async (
    unit: ResponderRequestUnit,
    organizationId: string,
    type: ResponderVia,
    id: string,
    now: Date,
  ): Promise<string[]> => {
    if (type === 'user') return [id];
    if (type === 'schedule') return deps.onCall(organizationId, id, now);
    const policy = await unit.policy(id);
    return targetUserIds(policy?.levels[0]?.targets ?? [], {
      onCall: (scheduleId) => deps.onCall(organizationId, scheduleId, now),
      team: (teamId) => unit.teamRoster(teamId),
    });
  };

  return {
    async list(auth: AuthContext, incidentId: string): Promise<ResponderView[]> {
      const rows = await deps.responders().respondersOf(auth.organizationId, incidentId);
      if (!rows) throw new NotFoundError('Incident');
      return rows.map(responderView);
    },

    /**
     * Asks the targets' people to respond: each person once per incident (asked before, whatever
     * they answered: skipped, so a declined responder is never paged again). A resolved incident
     * is refused (409); a target not of the organization is 422.
     */
    async add(auth: AuthContext, incidentId: string, input: AddRespondersInput): Promise<AddRespondersResult> {
      return deps.responders().transaction(auth.organizationId, async (unit) => {
        const incident = await unit.incident(incidentId, { lock: true });
        if (!incident) throw new NotFoundError('Incident');
        if (incident.status === 'resolved') throw new ConflictError('A resolved incident takes no responders: reopen it first');
        const missing: Array<{ path: string; message: string }> = [];
        for (const [index, target] of input.targets.entries()) {
          if (!(await unit.targetExists(target.type, target.id)))
            missing.push({ path: `body.targets.${index}.id`, message: `no such ${target.type.replace('_', ' ')} in this organization` });
        }
        if (missing.length > 0) throw new ValidationError(missing);
        const now = new Date();
        const people = new Map<string, { userId: string; via: ResponderVia; viaId: string }>();
        const nobody: string[] = [];
        for (const target of input.targets) {
          const found = await peopleOf(unit, auth.organizationId, target.type, target.id, now);
          if (found.length === 0) nobody.push(target.id);
          for (const userId of found) if (!people.has(userId)) people.set(userId, { userId, via: target.type, viaId: target.id });
        }
        const inserted = await unit.insert({
          incidentId,
          requestedBy: auth.userId,
          message: input.message ?? null,
          people: [...people.values()],
        });
        const addedIds = new Set(inserted.map((row) => row.id));
        if (inserted.length > 0) {
          const asker = (await unit.memberName(auth.userId)) ?? 'A member';
          unit.addTimelineEntry(incident, {
            type: 'responder',
            actorId: auth.userId,
            message: `${asker} asked ${inserted.length} responder(s) to help${input.message ? `: ${input.message}` : ''}`,
            data: { responder_ids: [...addedIds], user_ids: inserted.map((row) => row.user_id), message: input.message ?? null },
          });
          // The relay pages each new responder from this event (worker/outbox/responders.ts).
          unit.recordEvent(incident, 'responders.requested' as EventType, { actor_id: auth.userId, responder_ids: [...addedIds] });
        }
        const all = (await unit.responders(incidentId)).map(responderView);
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
      return deps.responders().transaction(auth.organizationId, async (unit) => {
        const incident = await unit.incident(incidentId);
        if (!incident) throw new NotFoundError('Incident');
        const row = await unit.responderForAnswer(incidentId, responderId);
        if (!row) throw new NotFoundError('Responder');
        if (row.user_id !== auth.userId) throw new InsufficientPermissionsError('responders:answer (only the asked person answers)');
        const outcome = answerResponderRequest(row.status, answer);
        if ('refused' in outcome) throw new ConflictError(outcome.refused);
        if (outcome.changed) {
          await unit.setStatus(responderId, outcome.status);
          unit.addTimelineEntry(incident, {
            type: 'responder',
            actorId: auth.userId,
            message: `${row.user_name ?? 'A responder'} ${outcome.status} the request to respond`,
            data: { responder_id: responderId, status: outcome.status },
          });
        }
        const fresh = await unit.responderForAnswer(incidentId, responderId);
        return responderView(fresh as ResponderRow);
      });
    },
  };
}
