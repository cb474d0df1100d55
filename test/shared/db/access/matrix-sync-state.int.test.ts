import { createChannelConnectionStore } from '../../../../shared/db/access/channel-connections.ts';
import { createMatrixSyncStateStore } from '../../../../shared/db/access/matrix-sync-state.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's sync position and lease are
// invisible to it and untouched by its writes; only the connection list spans organizations, by design.
describe('MatrixSyncStateStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const store = () => createMatrixSyncStateStore(() => db.em());
  const stateOf = async (organizationId: string) =>
    (
      await db.sql<{ account: string; since_token: string | null; lease_owner: string; leased: boolean }>(
        'select account, since_token, lease_owner, lease_until is not null as leased from matrix_sync_state where organization_id = ?',
        [organizationId],
      )
    )[0];

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    await createChannelConnectionStore(db.em()).put(ours.id, 'matrix', { sealed: 'sealed-ours', summary: {} });
    await createChannelConnectionStore(db.em()).put(theirs.id, 'matrix', { sealed: 'sealed-theirs', summary: {} });
    await createChannelConnectionStore(db.em()).put(theirs.id, 'slack', { sealed: 'sealed-slack', summary: {} });
    expect(await store().lease(theirs.id, 'bot-theirs', 'worker-b', 60)).toBe(true);
    await store().saveSince(theirs.id, 'bot-theirs', 'worker-b', 's-theirs');
  });
  afterAll(() => db?.stop());

  it("lists every organization's Matrix connections, by design: each gets a sync loop", async () => {
    const connections = await store().connections();
    expect(connections.map((row) => [row.organization_id, row.config_sealed]).sort()).toEqual(
      [
        [ours.id, 'sealed-ours'],
        [theirs.id, 'sealed-theirs'],
      ].sort(),
    );
  });

  it("leases the organization's own sync only, whoever holds another's", async () => {
    expect(await store().lease(ours.id, 'bot-ours', 'worker-a', 60)).toBe(true);
    expect(await store().lease(ours.id, 'bot-ours', 'worker-c', 60)).toBe(false);
    await store().release(ours.id, 'worker-b');
    expect(await stateOf(theirs.id)).toMatchObject({ lease_owner: 'worker-b', leased: true });
    expect(await store().lease(theirs.id, 'bot-theirs', 'worker-a', 60)).toBe(false);
    await store().release(ours.id, 'worker-a');
    expect(await stateOf(ours.id)).toMatchObject({ leased: false });
    expect(await stateOf(theirs.id)).toMatchObject({ lease_owner: 'worker-b', leased: true });
  });

  it("reads and saves the organization's own sync position only", async () => {
    expect(await store().since(ours.id, 'bot-theirs')).toBeNull();
    expect(await store().since(theirs.id, 'bot-theirs')).toBe('s-theirs');
    expect(await store().lease(ours.id, 'bot-ours', 'worker-a', 60)).toBe(true);
    await store().saveSince(ours.id, 'bot-ours', 'worker-b', 's-wrong-owner');
    await store().saveSince(ours.id, 'bot-ours', 'worker-a', 's-ours');
    expect(await store().since(ours.id, 'bot-ours')).toBe('s-ours');
    expect(await stateOf(theirs.id)).toMatchObject({ account: 'bot-theirs', since_token: 's-theirs' });
  });
});
