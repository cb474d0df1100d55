import type { IncidentEscalationStore, IncidentEscalationUnit } from '../../shared/db/access/incident-escalations.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type {
  IncidentEscalationView,
  ReassignIncidentInput,
  ReassignmentView,
  SnoozeIncidentInput,
} from '../schemas/escalation.schemas.ts';
import { ACKNOWLEDGED_STATUS } from '../../shared/domain/acknowledgement.ts';
import type { EscalationControl } from './escalation-signals.ts';
import { escalationPolicyView } from './escalation-policy.service.ts';

export type IncidentEscalationService = ReturnType<typeof createIncidentEscalationService>;

/** `1 h 30 min`, `45 min`, `90 s`: a snooze's length for the timeline. */
const snoozeLength = (seconds: number) => {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return [hours ? `${hours} h` : '', minutes ? `${minutes} min` : '', rest ? `${rest} s` : ''].filter(Boolean).join(' ');
};

/** An incident's escalation as people see it: the workflow's state and the pages recorded in the database. */
export function createIncidentEscalationService(deps: { escalations: () => IncidentEscalationStore; control: EscalationControl }) {
  const view = async (organizationId: string, incidentId: string): Promise<IncidentEscalationView> => {
    const store = deps.escalations();
    const incident = await store.incident(organizationId, incidentId);
    if (!incident) throw new NotFoundError('Incident');
    const cycle = incident.escalationCycle ?? 1;
    const [control, pages] = await Promise.all([
      deps.control.state(organizationId, incidentId, cycle),
      // Cycle 0 holds responders' pages (GET /incidents/{id}/responders), not the escalation's.
      store.pagesOf(organizationId, incidentId),
    ]);
    const last = pages.filter((page) => page.cycle === cycle).at(-1);
    // While it runs the workflow says where it stands; once ended, the cycle's last page does.
    const state = control?.running
      ? control.state
      : {
          policy_id: last ? (last.policyId ?? null) : (incident.escalationPolicyId ?? null),
          level: last?.level ?? 0,
          round: last?.round ?? 0,
          next_escalation_at: null,
          ended: control?.ended ?? null,
        };
    const policy = state.policy_id ? await store.policy(organizationId, state.policy_id) : undefined;
    return {
      policy: policy ? escalationPolicyView(policy) : null,
      urgency: incident.urgency ?? null,
      routing_rule_id: incident.routingRuleId ?? null,
      cycle,
      running: control?.running ?? false,
      level: state.level > 0 ? state.level : null,
      round: state.round > 0 ? state.round : null,
      next_escalation_at: state.next_escalation_at,
      ended: state.ended,
      snoozed_until: incident.snoozedUntil?.toISOString() ?? null,
      pages: pages.map((page) => ({
        id: page.id,
        cycle: page.cycle,
        round: page.round,
        level: page.level,
        user_id: page.userId,
        method: page.method,
        rule_id: page.ruleId ?? null,
        contact_method_id: page.contactMethodId ?? null,
        status: page.status,
        error: page.error ?? null,
        attempts: page.attempts,
        resent_at: page.resentAt?.toISOString() ?? null,
        sent_at: page.sentAt?.toISOString() ?? null,
        created_at: page.createdAt.toISOString(),
      })),
    };
  };

  /** The target must be a member or a policy of the caller's organization. */
  const assertTarget = async (unit: IncidentEscalationUnit, input: ReassignIncidentInput) => {
    if (input.user_id && !(await unit.isMember(input.user_id)))
      throw new ValidationError([{ path: 'body.user_id', message: 'no such user in this organization' }]);
    if (input.escalation_policy_id && !(await unit.isPolicy(input.escalation_policy_id)))
      throw new ValidationError([{ path: 'body.escalation_policy_id', message: 'no such escalation policy in this organization' }]);
  };

  return {
    async get(auth: AuthContext, incidentId: string) {
      return view(auth.organizationId, incidentId);
    },

    /**
     * 409 when nothing is running, or when what runs pages the person the incident was reassigned
     * to: there is no level to move on to.
     */
    async escalateNow(auth: AuthContext, incidentId: string) {
      const incident = await deps.escalations().incident(auth.organizationId, incidentId);
      if (!incident) throw new NotFoundError('Incident');
      const cycle = incident.escalationCycle ?? 1;
      const current = await deps.control.state(auth.organizationId, incidentId, cycle);
      if (current?.running && current.state.policy_id === null)
        throw new ConflictError('The incident was reassigned to a person: there is no next level (reassign it to a policy to escalate)');
      if (!(await deps.control.escalateNow(auth.organizationId, incidentId, cycle)))
        throw new ConflictError('The incident has no running escalation');
      return view(auth.organizationId, incidentId);
    },

    /**
     * Snoozes an acknowledged incident (PagerDuty's semantics): at the end its acknowledgement
     * workflow sends it back to `active` (a new cycle pages) unless it left `investigating`
     * meanwhile. The row lock orders it against status changes; the outbox event reaches the
     * workflow (worker/outbox/acknowledgements.ts) and the row is what the timer checks.
     */
    async snooze(auth: AuthContext, incidentId: string, input: SnoozeIncidentInput) {
      await deps.escalations().transaction(auth.organizationId, async (unit) => {
        const incident = await unit.lockIncident(incidentId);
        if (!incident) throw new NotFoundError('Incident');
        if (incident.status !== ACKNOWLEDGED_STATUS)
          throw new ConflictError(`Only an acknowledged (investigating) incident can be snoozed; this one is ${incident.status}`);
        const until = new Date(Date.now() + input.duration * 1000);
        const cycle = incident.escalationCycle ?? 1;
        incident.snoozedUntil = until;
        unit.addTimelineEntry(incident, {
          type: 'snoozed',
          actorId: auth.userId,
          message: `Snoozed for ${snoozeLength(input.duration)}: pages again at ${until.toISOString()} unless resolved`,
          data: { until: until.toISOString(), duration_seconds: input.duration, cycle },
        });
        unit.recordEvent(incident, 'incident.updated', { actor_id: auth.userId, snooze: { until: until.toISOString(), cycle } });
      });
      return view(auth.organizationId, incidentId);
    },

    /**
     * Reassigns the incident (PagerDuty's semantics): the running escalation ends (`reassigned`)
     * and a new cycle pages the new target through the outbox: a person becomes the assignee and is
     * paged at once through their rules; a policy takes the unassigned incident from level 1. An
     * acknowledged incident goes back to `active`. A resolved one is refused (409). The incident row
     * is locked throughout, so concurrent reassignments take turns and each gets its own cycle.
     */
    async reassign(auth: AuthContext, incidentId: string, input: ReassignIncidentInput): Promise<ReassignmentView> {
      const outcome = await deps.escalations().transaction(auth.organizationId, async (unit) => {
        const incident = await unit.lockIncident(incidentId);
        if (!incident) throw new NotFoundError('Incident');
        await assertTarget(unit, input);
        if (incident.status === 'resolved') throw new ConflictError('A resolved incident cannot be reassigned: reopen it first');
        const previous = await deps.control.reassign(auth.organizationId, incidentId, incident.escalationCycle ?? 1);
        const fromAssigneeId = incident.assigneeId ?? null;
        const userId = input.user_id ?? null;
        const policyId = input.escalation_policy_id ?? null;
        // Reassigning re-triggers: the new target has not acknowledged yet.
        if (incident.status !== 'active') unit.changeStatus(incident, 'active', { actorId: auth.userId, newCycle: false });
        incident.escalationCycle = (incident.escalationCycle ?? 1) + 1;
        incident.assigneeId = userId;
        if (userId && !incident.firstAssignedAt) incident.firstAssignedAt = new Date();
        if (policyId) incident.escalationPolicyId = policyId;
        const targetName = userId ? await unit.memberName(userId) : policyId ? await unit.policyName(policyId) : undefined;
        unit.addTimelineEntry(incident, {
          type: 'reassigned',
          actorId: auth.userId,
          message: userId
            ? `Reassigned to ${targetName ?? 'a member'}, who is paged now`
            : `Reassigned to escalation policy "${targetName ?? ''}"`,
          data: {
            from_assignee_id: fromAssigneeId,
            user_id: userId,
            escalation_policy_id: policyId,
            cycle: incident.escalationCycle,
            previous: previous ? { policy_id: previous.policy_id, level: previous.level, round: previous.round } : null,
          },
        });
        // The relay starts the new cycle's escalation from this event (worker/outbox/escalations.ts).
        unit.recordEvent(incident, 'incident.updated', {
          actor_id: auth.userId,
          escalation: { cycle: incident.escalationCycle, user_id: userId, policy_id: policyId },
        });
        return { cycle: incident.escalationCycle, userId, policyId, previous };
      });
      return {
        cycle: outcome.cycle,
        user_id: outcome.userId,
        escalation_policy_id: outcome.policyId,
        previous: outcome.previous
          ? {
              policy_id: outcome.previous.policy_id,
              level: outcome.previous.level > 0 ? outcome.previous.level : null,
              round: outcome.previous.round > 0 ? outcome.previous.round : null,
            }
          : null,
        escalation: await view(auth.organizationId, incidentId),
      };
    },
  };
}
