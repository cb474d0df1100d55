import type { EntityManager } from '@mikro-orm/postgresql';
import type { ResponderStatus, ResponderVia } from '../../domain/responders.ts';
import { uuidv7 } from '../../uuidv7.ts';

/** A responder request as the API shows it. */
export interface ResponderRow {
  id: string;
  incident_id: string;
  user_id: string;
  user_name: string | null;
  requested_by: string | null;
  message: string | null;
  via_type: ResponderVia;
  via_id: string;
  status: ResponderStatus;
  responded_at: Date | null;
  created_at: Date;
}

const COLUMNS = `r.id, r.incident_id, r.user_id, u.name as user_name, r.requested_by, r.message, r.via_type, r.via_id, r.status, r.responded_at, r.created_at`;

/**
 * Asks each person once per incident: members of the organization only; a person asked before
 * (whatever they answered) is not asked again, so a declined responder is never paged again.
 * Returns the requests made now.
 */
export function insertResponders(
  em: EntityManager,
  request: {
    organizationId: string;
    incidentId: string;
    requestedBy: string | null;
    message: string | null;
    people: ReadonlyArray<{ userId: string; via: ResponderVia; viaId: string }>;
  },
): Promise<Array<{ id: string; user_id: string }>> {
  return em.execute(
    `insert into incident_responders (id, organization_id, incident_id, user_id, requested_by, message, via_type, via_id, status, created_at, updated_at)
     select p.id, ?, ?, u.id, ?, ?, p.via_type, p.via_id, 'requested', now(), now()
     from jsonb_to_recordset(?::jsonb) as p(id uuid, user_id uuid, via_type text, via_id uuid, n int)
     join users u on u.id = p.user_id and u.organization_id = ?
     order by p.n
     on conflict (incident_id, user_id) do nothing
     returning id, user_id`,
    [
      request.organizationId,
      request.incidentId,
      request.requestedBy,
      request.message,
      JSON.stringify(
        request.people.map((person, n) => ({ id: uuidv7(), user_id: person.userId, via_type: person.via, via_id: person.viaId, n })),
      ),
      request.organizationId,
    ],
  );
}

/** An incident's responders, oldest request first. */
export function incidentResponders(em: EntityManager, organizationId: string, incidentId: string): Promise<ResponderRow[]> {
  return em.execute<ResponderRow[]>(
    `select ${COLUMNS} from incident_responders r join users u on u.id = r.user_id
     where r.organization_id = ? and r.incident_id = ? order by r.created_at, r.id`,
    [organizationId, incidentId],
  );
}

/** One responder request of the organization's incident, locked for its answer; undefined when there is none. */
export async function responderForAnswer(
  em: EntityManager,
  organizationId: string,
  incidentId: string,
  responderId: string,
): Promise<ResponderRow | undefined> {
  const [row] = await em.execute<ResponderRow[]>(
    `select ${COLUMNS} from incident_responders r join users u on u.id = r.user_id
     where r.organization_id = ? and r.incident_id = ? and r.id = ? for update of r`,
    [organizationId, incidentId, responderId],
  );
  return row;
}

export async function setResponderStatus(
  em: EntityManager,
  organizationId: string,
  responderId: string,
  status: ResponderStatus,
): Promise<void> {
  await em.execute(
    `update incident_responders set status = ?, responded_at = now(), updated_at = now() where id = ? and organization_id = ?`,
    [status, responderId, organizationId],
  );
}

/** What a responder's page needs: the request and its incident's status; undefined when either is gone. */
export async function responderPagingState(
  em: EntityManager,
  organizationId: string,
  responderId: string,
): Promise<{ user_id: string; incident_id: string; status: ResponderStatus; message: string | null; incident_status: string } | undefined> {
  const [row] = await em.execute<
    Array<{ user_id: string; incident_id: string; status: ResponderStatus; message: string | null; incident_status: string }>
  >(
    `select r.user_id, r.incident_id, r.status, r.message, i.status as incident_status
     from incident_responders r join incidents i on i.id = r.incident_id
     where r.organization_id = ? and r.id = ?`,
    [organizationId, responderId],
  );
  return row;
}
