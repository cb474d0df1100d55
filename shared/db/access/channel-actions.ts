import type { EntityManager } from '@mikro-orm/postgresql';

/** What acting on an incident from a channel needs to know first, all within one organization. */
export interface ChannelActionContext {
  /** The member in this organization; undefined when the user is not (or no longer) one of its members. */
  member?: { role: string; name: string };
  /** The incident in this organization, with who last moved it to its status (for "already acknowledged by X"). */
  incident?: { status: string; lastActor: string | null; snoozedUntil: Date | null };
}

/** Every read is confined to the organization given. */
export interface ChannelActionStore {
  /** The member acting and the incident acted on, each only when it is the organization's. */
  context(organizationId: string, incidentId: string, userId: string): Promise<ChannelActionContext>;
}

export function createChannelActionStore(em: EntityManager): ChannelActionStore {
  return { context: (organizationId, incidentId, userId) => channelActionContext(em, organizationId, incidentId, userId) };
}

async function channelActionContext(
  em: EntityManager,
  organizationId: string,
  incidentId: string,
  userId: string,
): Promise<ChannelActionContext> {
  const [member] = await em.execute<Array<{ role: string; name: string }>>(
    'select role, name from users where id = ? and organization_id = ?',
    [userId, organizationId],
  );
  const [incident] = await em.execute<Array<{ status: string; last_actor: string | null; snoozed_until: Date | string | null }>>(
    `select i.status, i.snoozed_until,
       (select u.name from incident_timeline t join users u on u.id = t.actor_id
        where t.incident_id = i.id and t.organization_id = i.organization_id and t.type = 'status_changed' and t.data->>'to' = i.status
        order by t.created_at desc limit 1) as last_actor
     from incidents i where i.id = ? and i.organization_id = ?`,
    [incidentId, organizationId],
  );
  return {
    ...(member ? { member } : {}),
    ...(incident
      ? {
          incident: {
            status: incident.status,
            lastActor: incident.last_actor,
            snoozedUntil: incident.snoozed_until === null ? null : new Date(incident.snoozed_until),
          },
        }
      : {}),
  };
}
