import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { IncidentEntity, UserEntity } from '../../shared/db/entities/index.ts';
import { addTimelineEntry, recordDomainEvent, type SqlTimestamp } from '../../shared/db/access/incidents.ts';
import {
  clearRoleHolder,
  customRole,
  customRoleCount,
  customRoles,
  deleteCustomRole,
  incidentRoleAssignments,
  insertCustomRole,
  openIncidentsHoldingRole,
  setRoleHolder,
  updateCustomRole,
  type CustomRoleRow,
} from '../../shared/db/access/incident-roles.ts';
import { insertResponders } from '../../shared/db/access/responders.ts';
import { memberName } from '../../shared/db/access/users.ts';
import type { EventType } from '../../shared/domain/events.ts';
import {
  BUILT_IN_INCIDENT_ROLES,
  isBuiltInRole,
  MAX_CUSTOM_INCIDENT_ROLES,
  roleAssignmentChange,
} from '../../shared/domain/incident-roles.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { AssignIncidentRoleResult, IncidentRoleAssignmentView, IncidentRoleView } from '../schemas/incident-role.schemas.ts';

export type IncidentRoleService = ReturnType<typeof createIncidentRoleService>;

const builtInViews: IncidentRoleView[] = BUILT_IN_INCIDENT_ROLES.map((role) => ({
  key: role.key,
  name: role.name,
  description: role.description,
  built_in: true,
  created_at: null,
}));

const customView = (row: CustomRoleRow): IncidentRoleView => ({
  key: row.key,
  name: row.name,
  description: row.description,
  built_in: false,
  created_at: new Date(row.created_at).toISOString(),
});

/** A role holder as the API shows it; a built-in role (or a deleted custom one) is named from code (or by its key). */
export const roleAssignmentView = (row: {
  role_key: string;
  role_name: string | null;
  user_id: string;
  user_name: string | null;
  assigned_by: string | null;
  assigned_at: SqlTimestamp;
}): IncidentRoleAssignmentView => ({
  role_key: row.role_key,
  role_name: row.role_name ?? BUILT_IN_INCIDENT_ROLES.find((role) => role.key === row.role_key)?.name ?? row.role_key,
  user_id: row.user_id,
  user_name: row.user_name,
  assigned_by: row.assigned_by,
  assigned_at: new Date(row.assigned_at).toISOString(),
});

/**
 * Incident roles (incident.io's and PagerDuty's incident commander, communications lead, scribe,
 * plus an organization's custom roles) and who holds them on each incident: one holder per role.
 * Assigning someone else asks them as a responder, so they are paged through their own
 * notification rules by the responder path (the outbox relay starts the pages from the event).
 */
export function createIncidentRoleService(deps: { em: () => EntityManager }) {
  /** The role of that key in the caller's organization: built in, or custom; 404 otherwise. */
  const roleNamed = async (em: EntityManager, organizationId: string, key: string): Promise<IncidentRoleView> => {
    const builtIn = builtInViews.find((role) => role.key === key);
    if (builtIn) return builtIn;
    const row = await customRole(em, organizationId, key);
    if (!row) throw new NotFoundError('Incident role');
    return customView(row);
  };

  const refuseBuiltIn = (key: string) => {
    if (isBuiltInRole(key)) throw new ConflictError('Built-in incident roles cannot be changed or deleted');
  };

  /** The open incident, locked: 404 for one of another organization, 409 once resolved. */
  const lockOpenIncident = async (em: EntityManager, incidentId: string) => {
    const incident = await em.findOne(IncidentEntity, { id: incidentId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!incident) throw new NotFoundError('Incident');
    if (incident.status === 'resolved') throw new ConflictError('A resolved incident keeps its roles as they were: reopen it first');
    return incident;
  };

  return {
    async list(auth: AuthContext): Promise<IncidentRoleView[]> {
      return [...builtInViews, ...(await customRoles(deps.em(), auth.organizationId)).map(customView)];
    },

    async create(auth: AuthContext, input: { key: string; name: string; description?: string | null }): Promise<IncidentRoleView> {
      if (isBuiltInRole(input.key)) throw new ConflictError(`"${input.key}" is a built-in role`);
      return deps.em().transactional(async (em) => {
        if ((await customRoleCount(em, auth.organizationId)) >= MAX_CUSTOM_INCIDENT_ROLES)
          throw new ConflictError(`An organization keeps at most ${MAX_CUSTOM_INCIDENT_ROLES} custom incident roles`);
        const row = await insertCustomRole(em, auth.organizationId, {
          key: input.key,
          name: input.name,
          description: input.description ?? null,
        });
        if (!row) throw new ConflictError(`A role with key "${input.key}" exists already`);
        return customView(row);
      });
    },

    async update(auth: AuthContext, key: string, input: { name?: string; description?: string | null }): Promise<IncidentRoleView> {
      refuseBuiltIn(key);
      const row = await updateCustomRole(deps.em(), auth.organizationId, key, input);
      if (!row) throw new NotFoundError('Incident role');
      return customView(row);
    },

    /** Deletes a custom role no open incident has anyone in (409 otherwise); past incidents keep their holders, named by key. */
    async remove(auth: AuthContext, key: string): Promise<void> {
      refuseBuiltIn(key);
      await deps.em().transactional(async (em) => {
        if (!(await customRole(em, auth.organizationId, key))) throw new NotFoundError('Incident role');
        const held = await openIncidentsHoldingRole(em, auth.organizationId, key);
        if (held > 0) throw new ConflictError(`${held} open incident(s) have someone in this role: unassign it first`);
        await deleteCustomRole(em, auth.organizationId, key);
      });
    },

    async holders(auth: AuthContext, incidentId: string): Promise<IncidentRoleAssignmentView[]> {
      const em = deps.em();
      if (!(await em.count(IncidentEntity, { id: incidentId }))) throw new NotFoundError('Incident');
      return (await incidentRoleAssignments(em, auth.organizationId, incidentId)).map(roleAssignmentView);
    },

    /**
     * Puts a member in the role on the open incident, replacing its holder. The same holder again
     * changes nothing; a new one gets a timeline entry, an `incident.updated` event and, unless they
     * assigned themselves, a responder request that pages them (once per incident).
     */
    async assign(auth: AuthContext, incidentId: string, key: string, input: { user_id: string }): Promise<AssignIncidentRoleResult> {
      return deps.em().transactional(async (em) => {
        const incident = await lockOpenIncident(em, incidentId);
        const role = await roleNamed(em, auth.organizationId, key);
        if (!(await em.count(UserEntity, { id: input.user_id })))
          throw new ValidationError([{ path: 'body.user_id', message: 'no such member in this organization' }]);
        const current = (await incidentRoleAssignments(em, auth.organizationId, incidentId)).find((row) => row.role_key === key);
        const change = roleAssignmentChange(current?.user_id ?? null, input.user_id);
        let paged = false;
        if (change.kind !== 'unchanged') {
          await setRoleHolder(em, {
            organizationId: auth.organizationId,
            incidentId,
            roleKey: key,
            userId: input.user_id,
            assignedBy: auth.userId,
          });
          const actor = (await memberName(em, auth.organizationId, auth.userId)) ?? 'A member';
          const holder = (await memberName(em, auth.organizationId, input.user_id)) ?? 'a member';
          const from =
            change.kind === 'reassigned' ? ((await memberName(em, auth.organizationId, change.from)) ?? 'a former member') : null;
          addTimelineEntry(em, incident, {
            type: 'role',
            actorId: auth.userId,
            message: from ? `${actor} handed ${role.name} from ${from} to ${holder}` : `${actor} made ${holder} ${role.name}`,
            data: { role_key: key, user_id: input.user_id, previous_user_id: from ? (current?.user_id ?? null) : null },
          });
          recordDomainEvent(em, incident, 'incident.updated', {
            actor_id: auth.userId,
            role: { key, user_id: input.user_id, previous_user_id: current?.user_id ?? null },
          });
          if (input.user_id !== auth.userId) {
            const asked = await insertResponders(em, {
              organizationId: auth.organizationId,
              incidentId,
              requestedBy: auth.userId,
              message: `You are ${role.name} of this incident`,
              people: [{ userId: input.user_id, via: 'user', viaId: input.user_id }],
            });
            if (asked.length > 0) {
              paged = true;
              // The relay pages each new responder from this event (worker/outbox/responders.ts).
              recordDomainEvent(em, incident, 'responders.requested' as EventType, {
                actor_id: auth.userId,
                responder_ids: asked.map((row) => row.id),
              });
            }
          }
          await em.flush();
        }
        const fresh = (await incidentRoleAssignments(em, auth.organizationId, incidentId)).find((row) => row.role_key === key);
        return { ...roleAssignmentView(fresh as NonNullable<typeof fresh>), paged };
      });
    },

    /** Empties the role on the open incident: 404 when nobody holds it. */
    async unassign(auth: AuthContext, incidentId: string, key: string): Promise<void> {
      await deps.em().transactional(async (em) => {
        const incident = await lockOpenIncident(em, incidentId);
        const role = await roleNamed(em, auth.organizationId, key);
        const former = await clearRoleHolder(em, auth.organizationId, incidentId, key);
        if (!former) throw new NotFoundError('Role assignment');
        const actor = (await memberName(em, auth.organizationId, auth.userId)) ?? 'A member';
        const holder = (await memberName(em, auth.organizationId, former)) ?? 'a former member';
        addTimelineEntry(em, incident, {
          type: 'role',
          actorId: auth.userId,
          message: `${actor} removed ${holder} as ${role.name}`,
          data: { role_key: key, user_id: null, previous_user_id: former },
        });
        recordDomainEvent(em, incident, 'incident.updated', {
          actor_id: auth.userId,
          role: { key, user_id: null, previous_user_id: former },
        });
        await em.flush();
      });
    },
  };
}
