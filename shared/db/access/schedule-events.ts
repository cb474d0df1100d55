import type { EntityManager } from '@mikro-orm/core';
import { DomainEventEntity } from '../entities/index.ts';

/** Records a `schedule.updated` outbox event, pushed to the organization's WebSocket room. */
export function recordScheduleUpdated(
  em: EntityManager,
  organizationId: string,
  data: { schedule_id: string; reason: string } & Record<string, unknown>,
) {
  em.create(DomainEventEntity, { organization: organizationId, type: 'schedule.updated', incidentId: null, data });
}
