import type { EntityManager } from '@mikro-orm/postgresql';
import { EscalationPolicyEntity, IncidentEntity, PageEntity } from '../../shared/db/entities/index.ts';
import type { PageMethod } from '../../shared/domain/escalation.ts';
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
    if (!(await em.count(IncidentEntity, { id: incidentId }))) throw new NotFoundError('Incident');
    const [state, pages] = await Promise.all([
      deps.control.state(incidentId),
      em.find(PageEntity, { incidentId }, { orderBy: { createdAt: 'asc', id: 'asc' } }),
    ]);
    const policyId = state?.policy_id ?? pages.find((page) => page.policyId)?.policyId ?? null;
    const policy = policyId ? await em.findOne(EscalationPolicyEntity, { id: policyId }) : null;
    return {
      policy: policy ? escalationPolicyView(policy) : null,
      running: state?.running ?? false,
      level: state && state.level > 0 ? state.level : null,
      round: state && state.round > 0 ? state.round : null,
      next_escalation_at: state?.running ? state.next_escalation_at : null,
      ended: state?.ended ?? null,
      pages: pages.map((page) => ({
        id: page.id,
        round: page.round,
        level: page.level,
        user_id: page.userId,
        method: page.method as PageMethod,
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
