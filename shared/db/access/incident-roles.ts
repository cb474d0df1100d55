import type { EntityManager } from '@mikro-orm/postgresql';
import { uuidv7 } from '../../uuidv7.ts';

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
     on conflict (incident_id, role_key) do update set user_id = excluded.user_id, assigned_by = excluded.assigned_by, created_at = now()`,
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
