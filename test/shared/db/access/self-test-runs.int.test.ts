import { createSelfTestRunStore } from '../../../../shared/db/access/self-test-runs.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's runs are invisible to it and
// untouched by its writes.
describe('SelfTestRunStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const store = () => createSelfTestRunStore(db.em());
  const insert = (organization: SeededOrganization) =>
    store().insert(organization.id, { requestedBy: organization.ownerId, workflowId: (id) => `self-test:${id}` });

  beforeAll(async () => ({ db, ours, theirs } = await openTwoOrganizations()));
  afterAll(() => db?.stop());

  it("finds the organization's own runs only", async () => {
    const ourRun = await insert(ours);
    const theirRun = await insert(theirs);
    expect(ourRun).toMatchObject({ status: 'queued', workflowId: `self-test:${ourRun.id}`, workerIdentity: null, completedAt: null });
    expect((await store().find(ours.id, ourRun.id))?.id).toBe(ourRun.id);
    expect(await store().find(ours.id, theirRun.id)).toBeUndefined();
  });

  it("completes the organization's own runs only, once", async () => {
    const ourRun = await insert(ours);
    const theirRun = await insert(theirs);
    expect(await store().complete(ours.id, theirRun.id, 'worker-1')).toBe(false);
    expect(await store().find(theirs.id, theirRun.id)).toMatchObject({ status: 'queued', workerIdentity: null, completedAt: null });

    expect(await store().complete(ours.id, ourRun.id, 'worker-1')).toBe(true);
    const completed = await store().find(ours.id, ourRun.id);
    expect(completed).toMatchObject({ status: 'completed', workerIdentity: 'worker-1' });
    expect(await store().complete(ours.id, ourRun.id, 'worker-2')).toBe(true);
    expect(await store().find(ours.id, ourRun.id)).toEqual(completed);
  });
});
