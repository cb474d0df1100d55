import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { AcknowledgedIncident } from '../../domain/acknowledgement.ts';
import type { TimelineType } from '../../domain/incident.ts';
import { IncidentEntity } from '../entities/index.ts';
import { TENANT_FILTER } from '../tenant-filter.ts';
import { changeIncidentStatus } from './incidents.ts';

/**
 * The acknowledgement timeouts that may apply to an incident, in minutes: its routing rule's and
 * its escalation policy's (each null when unset, or when the incident has none).
 */
export async function incidentAckTimeouts(
  em: EntityManager,
  organizationId: string,
  incidentId: string,
): Promise<{ rule: number | null; policy: number | null }> {
  const [row] = await em.execute<Array<{ rule: number | null; policy: number | null }>>(
    `select r.ack_timeout_minutes as rule, p.ack_timeout_minutes as policy
     from incidents i
     left join routing_rules r on r.id = i.routing_rule_id and r.organization_id = i.organization_id
     left join escalation_policies p on p.id = i.escalation_policy_id and p.organization_id = i.organization_id
     where i.id = ? and i.organization_id = ?`,
    [incidentId, organizationId],
  );
  // double precision arrives as a number, or as text through some drivers' parsers.
  const minutes = (value: number | string | null | undefined) => (value === null || value === undefined ? null : Number(value));
  return { rule: minutes(row?.rule), policy: minutes(row?.policy) };
}

/** The timeline entry an incident goes back to `active` with. */
export interface Reactivation {
  type: TimelineType;
  message: string;
  data: Record<string, unknown>;
}

/** Every read and write is confined to the organization given. */
export interface AcknowledgementStore {
  ackTimeouts(organizationId: string, incidentId: string): Promise<{ rule: number | null; policy: number | null }>;
  /**
   * In one transaction under the incident's row lock: `decide` reads its acknowledgement state and,
   * when it names a reactivation, the incident goes back to `active` (timeline entry; the status
   * change starts its next cycle through the outbox). Undefined when there is no such incident.
   */
  reactivateLocked<T>(
    organizationId: string,
    incidentId: string,
    decide: (incident: AcknowledgedIncident) => { result: T; reactivate?: Reactivation },
  ): Promise<T | undefined>;
}

export function createAcknowledgementStore(em: EntityManager): AcknowledgementStore {
  return {
    ackTimeouts: (organizationId, incidentId) => incidentAckTimeouts(em, organizationId, incidentId),

    reactivateLocked: (organizationId, incidentId, decide) =>
      em.transactional(async (tx) => {
        const incident = await tx.findOne(
          IncidentEntity,
          { id: incidentId, organization: organizationId },
          { lockMode: LockMode.PESSIMISTIC_WRITE, filters: { [TENANT_FILTER]: false } },
        );
        if (!incident) return undefined;
        const { result, reactivate } = decide({
          status: incident.status,
          escalationCycle: incident.escalationCycle ?? 1,
          snoozedUntil: incident.snoozedUntil ?? null,
        });
        if (reactivate) {
          changeIncidentStatus(tx, incident, 'active', reactivate);
          await tx.flush();
        }
        return result;
      }),
  };
}
