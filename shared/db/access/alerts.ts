import type { EntityManager } from '@mikro-orm/core';

/** When the incident's latest alert was received; null when none was (or the incident is not the organization's). */
export async function lastAlertReceivedAt(em: EntityManager, organizationId: string, incidentId: string): Promise<Date | null> {
  const [row] = await em
    .getConnection()
    .execute<Array<{ last: Date | string | null }>>(
      'select max(received_at) as last from alerts where incident_id = ? and organization_id = ?',
      [incidentId, organizationId],
      'all',
      em.getTransactionContext(),
    );
  return row?.last == null ? null : new Date(row.last);
}
