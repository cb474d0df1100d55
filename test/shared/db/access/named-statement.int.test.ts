import { incidentPagingState } from '../../../../shared/db/access/incidents.ts';
import { namedStatement, runNamed } from '../../../../shared/db/access/named-statement.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// On real PostgreSQL: a named statement reads what the ORM's own statements read, with the same
// type parsers, and inside a transaction it runs on the transaction's connection.
describe('runNamed (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const titleOf = namedStatement(
    'test_incident_title',
    'select title, alert_count, created_at, tags from incidents where id = ? and organization_id = ?',
  );
  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
  });
  afterAll(() => db?.stop());

  it("answers as the ORM's statement does, on every connection of the pool, and only for the organization given", async () => {
    const id = await db.incident(ours.id, 'Disk full on db-1');
    const viaOrm = await db.em().execute(titleOf.text, [id, ours.id]);
    // More reads than the pool has connections: each connection prepares the statement once.
    for (let i = 0; i < 8; i++) expect(await runNamed(db.em(), titleOf, [id, ours.id])).toEqual(viaOrm);
    // The pool's parsers: timestamps as PostgreSQL's text, arrays and numbers as JavaScript's.
    expect(viaOrm).toEqual([
      { title: 'Disk full on db-1', alert_count: 0, tags: [], created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:/) },
    ]);
    expect(await runNamed(db.em(), titleOf, [id, theirs.id])).toEqual([]);
    expect(await incidentPagingState(db.em(), theirs.id, id)).toBeUndefined();
    expect((await incidentPagingState(db.em(), ours.id, id))?.escalation_cycle).toBe(1);
  });

  it("reads the transaction's own uncommitted writes inside a transaction, and nothing of them outside", async () => {
    const id = await db.incident(ours.id, 'Before');
    await db.em().transactional(async (em) => {
      await em.execute(`update incidents set title = 'Inside' where id = ?`, [id]);
      expect((await runNamed<{ title: string }>(em, titleOf, [id, ours.id]))[0]?.title).toBe('Inside');
      expect((await runNamed<{ title: string }>(db.em(), titleOf, [id, ours.id]))[0]?.title).toBe('Before');
    });
    expect((await runNamed<{ title: string }>(db.em(), titleOf, [id, ours.id]))[0]?.title).toBe('Inside');
  });
});
