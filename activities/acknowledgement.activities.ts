import type { AcknowledgementStore } from '../shared/db/access/acknowledgements.ts';
import { effectiveAckTimeoutMinutes, repageDecision, type RepageReason } from '../shared/domain/acknowledgement.ts';

export interface AcknowledgementActivityDeps {
  /** A fresh unit of work per call. */
  acknowledgements: () => AcknowledgementStore;
}

type RepageDecision = ReturnType<typeof repageDecision>;

const MESSAGES: Record<RepageReason, string> = {
  ack_timeout: 'Acknowledgement timed out (neither mitigated nor resolved): active again, paging from level 1',
  snooze_ended: 'Snooze ended: active again, paging from level 1',
};

/** The acknowledgement workflow's activities: its timeout, and the re-page when a timer fires. */
export function createAcknowledgementActivities(deps: AcknowledgementActivityDeps) {
  return {
    /** The timeout that applies now (the routing rule's, else the policy's), in milliseconds; null: none. */
    async acknowledgementTimeout(input: { organizationId: string; incidentId: string }): Promise<{ ackTimeoutMs: number | null }> {
      const { rule, policy } = await deps.acknowledgements().ackTimeouts(input.organizationId, input.incidentId);
      const minutes = effectiveAckTimeoutMinutes(rule, policy);
      return { ackTimeoutMs: minutes === null ? null : Math.round(minutes * 60_000) };
    },

    /**
     * Under the incident's row lock: sends it back to `active` when it is still acknowledged in
     * `cycle` and not snoozed beyond now (timeline entry; the status change starts the next cycle
     * through the outbox); answers until when to wait when snoozed longer; else does nothing. A
     * retry after a commit finds the incident active and does nothing again.
     */
    async repageAcknowledged(input: { organizationId: string; incidentId: string; cycle: number }): Promise<RepageDecision> {
      const outcome = await deps.acknowledgements().reactivateLocked<RepageDecision>(input.organizationId, input.incidentId, (incident) => {
        const decision: RepageDecision = repageDecision(incident, input.cycle, Date.now());
        if (decision.action !== 'repage') return { result: decision };
        return {
          result: decision,
          reactivate: { type: decision.reason, message: MESSAGES[decision.reason], data: { cycle: input.cycle, reason: decision.reason } },
        };
      });
      return outcome ?? { action: 'none' };
    },
  };
}
