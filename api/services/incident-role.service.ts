import { isoTimestamp, type SqlTimestamp } from '../../shared/db/sql-timestamp.ts';
import type { CustomRoleRow, IncidentRoleStore, IncidentRoleUnit } from '../../shared/db/access/incident-roles.ts';
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
  created_at: isoTimestamp(row.created_at),
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
  assigned_at: isoTimestamp(row.assigned_at),
});

/**
 * Incident roles (incident.io's and PagerDuty's incident commander, communications lead, scribe,
 * plus an organization's custom roles) and who holds them on each incident: one holder per role.
 * Assigning someone else asks them as a responder, so they are paged through their own
 * notification rules by the responder path (the outbox relay starts the pages from the event).
 */
export function createIncidentRoleService(deps: { roles: () => IncidentRoleStore }) {
  /** The role of that key in the caller's organization: built in, or custom; 404 otherwise. */
  const roleNamed = async (unit: IncidentRoleUnit, key: string): Promise<IncidentRoleView> => {
    const builtIn = builtInViews.find((role) => role.key === key);
    if (builtIn) return builtIn;
    const row = await unit.customRole(key);
    if (!row) throw new NotFoundError('Incident role');
    return customView(row);
  };

  const refuseBuiltIn = (key: string) => {
    if (isBuiltInRole(key)) throw new ConflictError('Built-in incident roles cannot be changed or deleted');
  };

  /** The open incident, locked: 404 for one of another organization, 409 once resolved. */
  const lockOpenIncident = async (unit: IncidentRoleUnit, incidentId: string) => {
    const incident = await unit.lockIncident(incidentId);
    if (!incident) throw new NotFoundError('Incident');
    if (incident.status === 'resolved') throw new ConflictError('A resolved incident keeps its roles as they were: reopen it first');
    return incident;
  };

  return {
    async list(auth: AuthContext): Promise<IncidentRoleView[]> {
      return [...builtInViews, ...(await deps.roles().customRoles(auth.organizationId)).map(customView)];
    },

    async create(auth: AuthContext, input: { key: string; name: string; description?: string | null }): Promise<IncidentRoleView> {
      if (isBuiltInRole(input.key)) throw new ConflictError(`"${input.key}" is a built-in role`);
      return deps.roles().transaction(auth.organizationId, async (unit) => {
        if ((await unit.customRoleCount()) >= MAX_CUSTOM_INCIDENT_ROLES)
          throw new ConflictError(`An organization keeps at most ${MAX_CUSTOM_INCIDENT_ROLES} custom incident roles`);
        const row = await unit.insertCustomRole({
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
      const row = await deps.roles().updateCustomRole(auth.organizationId, key, input);
      if (!row) throw new NotFoundError('Incident role');
      return customView(row);
    },

    /** Deletes a custom role no open incident has anyone in (409 otherwise); past incidents keep their holders, named by key. */
    async remove(auth: AuthContext, key: string): Promise<void> {
      refuseBuiltIn(key);
      await deps.roles().transaction(auth.organizationId, async (unit) => {
        if (!(await unit.customRole(key))) throw new NotFoundError('Incident role');
        const held = await unit.openIncidentsHoldingRole(key);
        if (held > 0) throw new ConflictError(`${held} open incident(s) have someone in this role: unassign it first`);
        await unit.deleteCustomRole(key);
      });
    },

    async holders(auth: AuthContext, incidentId: string): Promise<IncidentRoleAssignmentView[]> {
      const rows = await deps.roles().assignmentsOf(auth.organizationId, incidentId);
      if (!rows) throw new NotFoundError('Incident');
      return rows.map(roleAssignmentView);
    },

    /**
     * Puts a member in the role on the open incident, replacing its holder. The same holder again
     * changes nothing; a new one gets a timeline entry, an `incident.updated` event and, unless they
     * assigned themselves, a responder request that pages them (once per incident).
     */
    async assign(auth: AuthContext, incidentId: string, key: string, input: { user_id: string }): Promise<AssignIncidentRoleResult> {
      return deps.roles().transaction(auth.organizationId, async (unit) => {
        const incident = await lockOpenIncident(unit, incidentId);
        const role = await roleNamed(unit, key);
        if (!(await unit.isMember(input.user_id)))
          throw new ValidationError([{ path: 'body.user_id', message: 'no such member in this organization' }]);
        const current = (await unit.assignments(incidentId)).find((row) => row.role_key === key);
        const change = roleAssignmentChange(current?.user_id ?? null, input.user_id);
        let paged = false;
        if (change.kind !== 'unchanged') {
          await unit.setRoleHolder({
            incidentId,
            roleKey: key,
            userId: input.user_id,
            assignedBy: auth.userId,
          });
          const actor = (await unit.memberName(auth.userId)) ?? 'A member';
          const holder = (await unit.memberName(input.user_id)) ?? 'a member';
          const from = change.kind === 'reassigned' ? ((await unit.memberName(change.from)) ?? 'a former member') : null;
          unit.addTimelineEntry(incident, {
            type: 'role',
            actorId: auth.userId,
            message: from ? `${actor} handed ${role.name} from ${from} to ${holder}` : `${actor} made ${holder} ${role.name}`,
            data: { role_key: key, user_id: input.user_id, previous_user_id: from ? (current?.user_id ?? null) : null },
          });
          unit.recordEvent(incident, 'incident.updated', {
            actor_id: auth.userId,
            role: { key, user_id: input.user_id, previous_user_id: current?.user_id ?? null },
          });
          if (input.user_id !== auth.userId) {
            const asked = await unit.askResponders({
              incidentId,
              requestedBy: auth.userId,
              message: `You are ${role.name} of this incident`,
              people: [{ userId: input.user_id, via: 'user', viaId: input.user_id }],
            });
            if (asked.length > 0) {
              paged = true;
              // The relay pages each new responder from this event (worker/outbox/responders.ts).
              unit.recordEvent(incident, 'responders.requested' as EventType, {
                actor_id: auth.userId,
                responder_ids: asked.map((row) => row.id),
              });
            }
          }
        }
        const fresh = (await unit.assignments(incidentId)).find((row) => row.role_key === key);
        return { ...roleAssignmentView(fresh as NonNullable<typeof fresh>), paged };
      });
    },

    /** Empties the role on the open incident: 404 when nobody holds it. */
    async unassign(auth: AuthContext, incidentId: string, key: string): Promise<void> {
      await deps.roles().transaction(auth.organizationId, async (unit) => {
        const incident = await lockOpenIncident(unit, incidentId);
        const role = await roleNamed(unit, key);
        const former = await unit.clearRoleHolder(incidentId, key);
        if (!former) throw new NotFoundError('Role assignment');
        const actor = (await unit.memberName(auth.userId)) ?? 'A member';
        const holder = (await unit.memberName(former)) ?? 'a former member';
        unit.addTimelineEntry(incident, {
          type: 'role',
          actorId: auth.userId,
          message: `${actor} removed ${holder} as ${role.name}`,
          data: { role_key: key, user_id: null, previous_user_id: former },
        });
        unit.recordEvent(incident, 'incident.updated', {
          actor_id: auth.userId,
          role: { key, user_id: null, previous_user_id: former },
        });
      });
    },
  };
}
