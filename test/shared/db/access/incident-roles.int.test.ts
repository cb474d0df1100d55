import { createIncidentRoleStore } from '../../../../shared/db/access/incident-roles.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The store on real PostgreSQL: another organization's custom roles, incidents, members and role
// holders are invisible to it, and untouched by its writes.
describe('IncidentRoleStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const incidents = { ours: '', theirs: '' };
  const store = () => createIncidentRoleStore(db.em());
  const role = (name: string) => ({ key: 'liaison', name, description: null });
  const holderOf = async (incidentId: string) =>
    (await db.sql<{ user_id: string }>('select user_id from incident_role_assignments where incident_id = ?', [incidentId])).map(
      (row) => row.user_id,
    );

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    incidents.ours = await db.incident(ours.id, 'ours');
    incidents.theirs = await db.incident(theirs.id, 'theirs');
    await store().transaction(theirs.id, async (unit) => {
      await unit.insertCustomRole(role('Their liaison'));
      await unit.setRoleHolder({ incidentId: incidents.theirs, roleKey: 'liaison', userId: theirs.ownerId, assignedBy: null });
    });
  });
  afterAll(() => db?.stop());

  it("reads the organization's own roles, incidents, members and holders only", async () => {
    expect(await store().customRoles(ours.id)).toEqual([]);
    expect(await store().assignmentsOf(ours.id, incidents.theirs)).toBeUndefined();
    expect(await store().assignmentsOf(ours.id, incidents.ours)).toEqual([]);
    expect((await store().assignmentsOf(theirs.id, incidents.theirs))?.map((row) => row.user_id)).toEqual([theirs.ownerId]);
    await store().transaction(ours.id, async (unit) => {
      expect(await unit.lockIncident(incidents.theirs)).toBeNull();
      expect((await unit.lockIncident(incidents.ours))?.title).toBe('ours');
      expect(await unit.customRole('liaison')).toBeUndefined();
      expect(await unit.customRoleCount()).toBe(0);
      expect(await unit.openIncidentsHoldingRole('liaison')).toBe(0);
      expect(await unit.isMember(theirs.ownerId)).toBe(false);
      expect(await unit.isMember(ours.ownerId)).toBe(true);
      expect(await unit.memberName(theirs.ownerId)).toBeUndefined();
      expect(await unit.assignments(incidents.theirs)).toEqual([]);
    });
  });

  it("changes the organization's own roles and holders only", async () => {
    expect(await store().updateCustomRole(ours.id, 'liaison', { name: 'Taken' })).toBeUndefined();
    await store().transaction(ours.id, async (unit) => {
      expect(await unit.deleteCustomRole('liaison')).toBe(false);
      expect(await unit.clearRoleHolder(incidents.theirs, 'liaison')).toBeUndefined();
      // Pointed at their incident, our assignment changes none of theirs.
      await unit.setRoleHolder({ incidentId: incidents.theirs, roleKey: 'liaison', userId: ours.ownerId, assignedBy: null });
      expect(await unit.askResponders({ incidentId: incidents.ours, requestedBy: null, message: null, people: [] })).toEqual([]);
    });
    expect((await store().customRoles(theirs.id)).map((row) => row.name)).toEqual(['Their liaison']);
    expect(await holderOf(incidents.theirs)).toEqual([theirs.ownerId]);

    await store().transaction(ours.id, async (unit) => {
      expect((await unit.insertCustomRole(role('Our liaison')))?.name).toBe('Our liaison');
      await unit.setRoleHolder({ incidentId: incidents.ours, roleKey: 'liaison', userId: ours.ownerId, assignedBy: null });
    });
    expect(await holderOf(incidents.ours)).toEqual([ours.ownerId]);
    expect((await store().updateCustomRole(ours.id, 'liaison', { name: 'Liaison' }))?.name).toBe('Liaison');
    await store().transaction(ours.id, async (unit) => {
      expect(await unit.clearRoleHolder(incidents.ours, 'liaison')).toBe(ours.ownerId);
      expect(await unit.deleteCustomRole('liaison')).toBe(true);
    });
    expect((await store().customRoles(theirs.id)).map((row) => row.key)).toEqual(['liaison']);
  });
});
