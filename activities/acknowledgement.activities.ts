import { LockMode } from '@mikro-orm/postgresql';
import { IncidentEntity } from '../shared/db/entities/index.ts';
import { incidentAckTimeouts } from '../shared/db/access/acknowledgements.ts';
import { changeIncidentStatus } from '../shared/db/access/incidents.ts';
import { forkForOrganization } from '../shared/db/tenant-filter.ts';
import type { Orm } from '../shared/db/orm.ts';
import { effectiveAckTimeoutMinutes, repageDecision, type RepageReason } from '../shared/domain/acknowledgement.ts';

export interface AcknowledgementActivityDeps {
  orm: Orm;
}

const MESSAGES: Record<RepageReason, string> = {
  ack_timeout: 'Acknowledgement timed out (neither mitigated nor resolved): active again, paging from level 1',
  snooze_ended: 'Snooze ended: active again, paging from level 1',
};

/** The acknowledgement workflow's activities: its timeout, and the re-page when a timer fires. */
export function createAcknowledgementActivities(deps: AcknowledgementActivityDeps) {
  return {
    /** The timeout that applies now (the routing rule's, else the policy's), in milliseconds; null: none. */
    async acknowledgementTimeout(input: { organizationId: string; incidentId: string }): Promise<{ ackTimeoutMs: number | null }> {
      const { rule, policy } = await incidentAckTimeouts(deps.orm.em.fork(), input.organizationId, input.incidentId);
      const minutes = effectiveAckTimeoutMinutes(rule, policy);
      return { ackTimeoutMs: minutes === null ? null : Math.round(minutes * 60_000) };
    },

    /**
     * Under the incident's row lock: sends it back to `active` when it is still acknowledged in
     * `cycle` and not snoozed beyond now (timeline entry; the status change starts the next cycle
     * through the outbox); answers until when to wait when snoozed longer; else does nothing. A
     * retry after a commit finds the incident active and does nothing again.
     */
    async repageAcknowledged(input: {
      organizationId: string;
      incidentId: string;
      cycle: number;
    }): Promise<{ action: 'repage'; reason: RepageReason } | { action: 'wait'; until: number } | { action: 'none' }> {
      const em = forkForOrganization(deps.orm, input.organizationId);
      return em.transactional(async (tx) => {
        const incident = await tx.findOne(IncidentEntity, { id: input.incidentId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!incident) return { action: 'none' as const };
        const decision = repageDecision(
          { status: incident.status, escalationCycle: incident.escalationCycle ?? 1, snoozedUntil: incident.snoozedUntil ?? null },
          input.cycle,
          Date.now(),
        );
        if (decision.action !== 'repage') return decision;
        changeIncidentStatus(tx, incident, 'active', {
          type: decision.reason,
          message: MESSAGES[decision.reason],
          data: { cycle: input.cycle, reason: decision.reason },
        });
        await tx.flush();
        return decision;
      });
    },
  };
}
