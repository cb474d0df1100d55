import type { EntityManager } from '@mikro-orm/postgresql';
import { EscalationPolicyEntity, IncidentEntity, PageEntity } from '../../shared/db/entities/index.ts';
import type { PageMethod, Urgency } from '../../shared/domain/escalation.ts';
import { ConflictError, NotFoundError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { IncidentEscalationView } from '../schemas/escalation.schemas.ts';
import type { EscalationControl } from './escalation-signals.ts';
import { escalationPolicyView } from './escalation-policy.service.ts';

export type IncidentEscalationService = ReturnType<typeof createIncidentEscalationService>;

/** An incident's escalation as people see it: the workflow's state and the pages recorded in the database. */
export function createIncidentEscalationService(deps: { em: () => EntityManager; control: EscalationControl }) {
  const view = async (incidentId: string): Promise<IncidentEscalationView> => {
    const em = deps.em();
    const incident = await em.findOne(
      IncidentEntity,
      { id: incidentId },
      { fields: ['id', 'urgency', 'routingRuleId', 'escalationPolicyId'] },
    );
    if (!incident) throw new NotFoundError('Incident');
    const [control, pages] = await Promise.all([
      deps.control.state(incidentId),
      em.find(PageEntity, { incidentId }, { orderBy: { createdAt: 'asc', id: 'asc' } }),
    ]);
    const last = pages.at(-1);
    // While it runs the workflow says where it stands; once ended, its last page does.
    const state = control?.running
      ? control.state
      : {
          policy_id: last?.policyId ?? incident.escalationPolicyId ?? null,
          level: last?.level ?? 0,
          round: last?.round ?? 0,
          next_escalation_at: null,
          ended: control?.ended ?? null,
        };
    const policy = state.policy_id ? await em.findOne(EscalationPolicyEntity, { id: state.policy_id }) : null;
    return {
      policy: policy ? escalationPolicyView(policy) : null,
      urgency: (incident.urgency ?? null) as Urgency | null,
      routing_rule_id: incident.routingRuleId ?? null,
      running: control?.running ?? false,
      level: state.level > 0 ? state.level : null,
      round: state.round > 0 ? state.round : null,
      next_escalation_at: state.next_escalation_at,
      ended: state.ended,
      pages: pages.map((page) => ({
        id: page.id,
        round: page.round,
        level: page.level,
        user_id: page.userId,
        method: page.method as PageMethod,
        rule_id: page.ruleId ?? null,
        contact_method_id: page.contactMethodId ?? null,
        status: page.status as IncidentEscalationView['pages'][number]['status'],
        error: page.error ?? null,
        created_at: page.createdAt.toISOString(),
      })),
    };
  };

  return {
    async get(_auth: AuthContext, incidentId: string) {
      return view(incidentId);
    },

    /** 409 when nothing is running: there is no level to move on to. */
    async escalateNow(_auth: AuthContext, incidentId: string) {
      if (!(await deps.em().count(IncidentEntity, { id: incidentId }))) throw new NotFoundError('Incident');
      if (!(await deps.control.escalateNow(incidentId))) throw new ConflictError('The incident has no running escalation');
      return view(incidentId);
    },
  };
}
