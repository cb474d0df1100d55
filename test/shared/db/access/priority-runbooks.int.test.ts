import { randomUUID } from 'node:crypto';
import { createPriorityRunbookStore } from '../../../../shared/db/access/priority-runbooks.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's runbooks and procedures are
// invisible to it and untouched by its writes.
describe('PriorityRunbookStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let ourProcedure: string;
  let theirProcedure: string;
  const store = () => createPriorityRunbookStore(db.em());
  const runbook = (procedureId: string) => ({ priority: 'P1' as const, procedureId, autoApprove: true, resolves: false });
  const procedure = async (organizationId: string, name: string) => {
    const id = randomUUID();
    await db.sql(
      `insert into procedures (id, organization_id, name, tags, version, created_at, updated_at) values (?, ?, ?, '[]'::jsonb, 1, now(), now())`,
      [id, organizationId, name],
    );
    return id;
  };

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    ourProcedure = await procedure(ours.id, 'Restart ours');
    theirProcedure = await procedure(theirs.id, 'Restart theirs');
    expect(await store().put(theirs.id, runbook(theirProcedure))).toMatchObject({ priority: 'P1', procedure_name: 'Restart theirs' });
  });
  afterAll(() => db?.stop());

  it("reads the organization's own runbooks only", async () => {
    expect(await store().list(ours.id)).toEqual([]);
    expect(await store().find(ours.id, 'P1')).toBeUndefined();
    expect((await store().find(theirs.id, 'P1'))?.procedure_id).toBe(theirProcedure);
  });

  it("refuses another organization's procedure, keeping nothing", async () => {
    expect(await store().put(ours.id, runbook(theirProcedure))).toBeUndefined();
    expect(await store().list(ours.id)).toEqual([]);
  });

  it("sets and removes the organization's own runbook, leaving another's as it was", async () => {
    expect(await store().put(ours.id, runbook(ourProcedure))).toMatchObject({
      priority: 'P1',
      procedure_id: ourProcedure,
      procedure_name: 'Restart ours',
      auto_approve: true,
      resolve_incident: false,
    });
    expect((await store().list(ours.id)).map((row) => row.procedure_id)).toEqual([ourProcedure]);
    expect(await store().remove(ours.id, 'P1')).toBe(true);
    expect(await store().remove(ours.id, 'P1')).toBe(false);
    expect(await store().find(theirs.id, 'P1')).toMatchObject({ procedure_id: theirProcedure, auto_approve: true });
  });
});
