import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { EventType } from '../../domain/events.ts';
import { IncidentEntity, UserEntity, type Incident } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import { addTimelineEntry, recordDomainEvent } from './incidents.ts';
import { insertResponders } from './responders.ts';
import { memberName } from './users.ts';
import { uuidv7 } from '../../uuidv7.ts';
import { organizationTransaction } from './organization-transaction.ts';

/** A custom incident role of an organization (built-in roles live in shared/domain/incident-roles.ts). */
export interface CustomRoleRow {
  key: string;
  name: string;
  description: string | null;
  created_at: Date;
}

/** Who holds a role on an incident. */
export interface RoleAssignmentRow {
  role_key: string;
  /** The custom role's name; null for a built-in role (or a custom one since deleted). */
  role_name: string | null;
  user_id: string;
  user_name: string | null;
  assigned_by: string | null;
  assigned_at: Date | string;
}

const ROLE_COLUMNS = 'key, name, description, created_at';

export function customRoles(em: EntityManager, organizationId: string): Promise<CustomRoleRow[]> {
  return em.execute<CustomRoleRow[]>(`select ${ROLE_COLUMNS} from incident_roles where organization_id = ? order by created_at, key`, [
    organizationId,
  ]);
}

export async function customRole(em: EntityManager, organizationId: string, key: string): Promise<CustomRoleRow | undefined> {
  const [row] = await em.execute<CustomRoleRow[]>(`select ${ROLE_COLUMNS} from incident_roles where organization_id = ? and key = ?`, [
    organizationId,
    key,
  ]);
  return row;
}

/** Adds a custom role; undefined when the organization has one of that key already. */
export async function insertCustomRole(
  em: EntityManager,
  organizationId: string,
  role: { key: string; name: string; description: string | null },
): Promise<CustomRoleRow | undefined> {
  const [row] = await em.execute<CustomRoleRow[]>(
    `insert into incident_roles (id, organization_id, key, name, description, created_at, updated_at)
     values (?, ?, ?, ?, ?, now(), now()) on conflict (organization_id, key) do nothing returning ${ROLE_COLUMNS}`,
    [uuidv7(), organizationId, role.key, role.name, role.description],
  );
  return row;
}

export async function updateCustomRole(
  em: EntityManager,
  organizationId: string,
  key: string,
  change: { name?: string; description?: string | null },
): Promise<CustomRoleRow | undefined> {
  const [row] = await em.execute<CustomRoleRow[]>(
    `update incident_roles set name = coalesce(?, name), description = case when ? then ? else description end, updated_at = now()
     where organization_id = ? and key = ? returning ${ROLE_COLUMNS}`,
    [change.name ?? null, change.description !== undefined, change.description ?? null, organizationId, key],
  );
  return row;
}

export async function deleteCustomRole(em: EntityManager, organizationId: string, key: string): Promise<boolean> {
  const rows = await em.execute<Array<{ key: string }>>(`delete from incident_roles where organization_id = ? and key = ? returning key`, [
    organizationId,
    key,
  ]);
  return rows.length > 0;
}

export async function customRoleCount(em: EntityManager, organizationId: string): Promise<number> {
  const [row] = await em.execute<Array<{ n: number }>>(`select count(*)::int as n from incident_roles where organization_id = ?`, [
    organizationId,
  ]);
  return row?.n ?? 0;
}

/** How many open (unresolved) incidents of the organization have someone in the role. */
export async function openIncidentsHoldingRole(em: EntityManager, organizationId: string, key: string): Promise<number> {
  const [row] = await em.execute<Array<{ n: number }>>(
    `select count(*)::int as n from incident_role_assignments a join incidents i on i.id = a.incident_id
     where a.organization_id = ? and a.role_key = ? and i.status <> 'resolved'`,
    [organizationId, key],
  );
  return row?.n ?? 0;
}

/** The incident's role holders, first assigned first. */
export function incidentRoleAssignments(em: EntityManager, organizationId: string, incidentId: string): Promise<RoleAssignmentRow[]> {
  return em.execute<RoleAssignmentRow[]>(
    `select a.role_key, ir.name as role_name, a.user_id, u.name as user_name, a.assigned_by, a.created_at as assigned_at
     from incident_role_assignments a join users u on u.id = a.user_id
     left join incident_roles ir on ir.organization_id = a.organization_id and ir.key = a.role_key
     where a.organization_id = ? and a.incident_id = ? order by a.created_at, a.id`,
    [organizationId, incidentId],
  );
}

/** Puts `userId` in the role on the incident, replacing its holder (the caller holds the incident's lock). */
export async function setRoleHolder(
  em: EntityManager,
  assignment: { organizationId: string; incidentId: string; roleKey: string; userId: string; assignedBy: string | null },
): Promise<void> {
  await em.execute(
    `insert into incident_role_assignments (id, organization_id, incident_id, role_key, user_id, assigned_by, created_at)
     values (?, ?, ?, ?, ?, ?, now())
     on conflict (incident_id, role_key) do update set user_id = excluded.user_id, assigned_by = excluded.assigned_by, created_at = now()
       where incident_role_assignments.organization_id = excluded.organization_id`,
    [uuidv7(), assignment.organizationId, assignment.incidentId, assignment.roleKey, assignment.userId, assignment.assignedBy],
  );
}

/** Empties the role on the incident; the former holder, or undefined when nobody held it. */
export async function clearRoleHolder(
  em: EntityManager,
  organizationId: string,
  incidentId: string,
  roleKey: string,
): Promise<string | undefined> {
  const [row] = await em.execute<Array<{ user_id: string }>>(
    `delete from incident_role_assignments where organization_id = ? and incident_id = ? and role_key = ? returning user_id`,
    [organizationId, incidentId, roleKey],
  );
  return row?.user_id;
}

/** The reads and writes of one change of roles, inside one transaction and confined to one organization. */
export interface IncidentRoleUnit {
  /** The organization's incident, locked for update; null when it is not the organization's. */
  lockIncident(id: string): Promise<Incident | null>;
  customRole(key: string): Promise<CustomRoleRow | undefined>;
  customRoleCount(): Promise<number>;
  insertCustomRole(role: Parameters<typeof insertCustomRole>[2]): ReturnType<typeof insertCustomRole>;
  deleteCustomRole(key: string): Promise<boolean>;
  openIncidentsHoldingRole(key: string): Promise<number>;
  isMember(userId: string): Promise<boolean>;
  memberName(userId: string): Promise<string | undefined>;
  assignments(incidentId: string): Promise<RoleAssignmentRow[]>;
  setRoleHolder(assignment: { incidentId: string; roleKey: string; userId: string; assignedBy: string | null }): Promise<void>;
  clearRoleHolder(incidentId: string, roleKey: string): Promise<string | undefined>;
  /** `insertResponders` (responders.ts): members of the organization only. */
  askResponders(request: Omit<Parameters<typeof insertResponders>[1], 'organizationId'>): Promise<Array<{ id: string; user_id: string }>>;
  addTimelineEntry(incident: Incident, entry: Parameters<typeof addTimelineEntry>[2]): void;
  recordEvent(incident: Incident, type: EventType, extra: Record<string, unknown>): void;
}

/** Every read and write is confined to the organization given. */
export interface IncidentRoleStore {
  /** Runs `work` in one transaction, flushing its timeline entries and events at its end: all of it or none. */
  transaction<T>(organizationId: string, work: (unit: IncidentRoleUnit) => Promise<T>): Promise<T>;
  customRoles(organizationId: string): Promise<CustomRoleRow[]>;
  updateCustomRole(
    organizationId: string,
    key: string,
    fields: Parameters<typeof updateCustomRole>[3],
  ): ReturnType<typeof updateCustomRole>;
  /** Who holds which role on the incident; undefined when the incident is not the organization's. */
  assignmentsOf(organizationId: string, incidentId: string): Promise<RoleAssignmentRow[] | undefined>;
}

/** Organizations' custom incident roles and who holds them, created from one unit of work. */
export function createIncidentRoleStore(em: EntityManager): IncidentRoleStore {
  const unit = (tx: EntityManager, organizationId: string): IncidentRoleUnit => ({
    lockIncident: (id) =>
      tx.findOne(IncidentEntity, { id, organization: organizationId }, { ...unscoped, lockMode: LockMode.PESSIMISTIC_WRITE }),
    customRole: (key) => customRole(tx, organizationId, key),
    customRoleCount: () => customRoleCount(tx, organizationId),
    insertCustomRole: (role) => insertCustomRole(tx, organizationId, role),
    deleteCustomRole: (key) => deleteCustomRole(tx, organizationId, key),
    openIncidentsHoldingRole: (key) => openIncidentsHoldingRole(tx, organizationId, key),
    isMember: async (userId) => (await tx.count(UserEntity, { id: userId, organization: organizationId }, unscoped)) > 0,
    memberName: (userId) => memberName(tx, organizationId, userId),
    assignments: (incidentId) => incidentRoleAssignments(tx, organizationId, incidentId),
    setRoleHolder: (assignment) => setRoleHolder(tx, { ...assignment, organizationId }),
    clearRoleHolder: (incidentId, roleKey) => clearRoleHolder(tx, organizationId, incidentId, roleKey),
    askResponders: (request) => insertResponders(tx, { ...request, organizationId }),
    addTimelineEntry: (incident, entry) => addTimelineEntry(tx, incident, entry),
    recordEvent: (incident, type, extra) => recordDomainEvent(tx, incident, type, extra),
  });
  return {
    transaction: organizationTransaction(em, unit),
    customRoles: (organizationId) => customRoles(em, organizationId),
    updateCustomRole: (organizationId, key, fields) => updateCustomRole(em, organizationId, key, fields),
    async assignmentsOf(organizationId, incidentId) {
      const incidents = await em.count(IncidentEntity, { id: incidentId, organization: organizationId }, unscoped);
      return incidents > 0 ? incidentRoleAssignments(em, organizationId, incidentId) : undefined;
    },
  };
}
