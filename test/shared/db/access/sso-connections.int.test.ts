import { createSsoConnectionStore, type SsoConnectionFields } from '../../../../shared/db/access/sso-connections.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

const fields = (name: string, domains: string[]): SsoConnectionFields => ({
  name,
  kind: 'oidc',
  domains,
  defaultRole: 'engineer',
  enabled: true,
  config: { issuer: 'https://idp.example.test', client_id: name },
  secretsCiphertext: null,
});

// Every organization-scoped method of the store, on real PostgreSQL: another organization's
// connections and claims are invisible to it, and untouched by its writes.
describe('SsoConnectionStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let ourId: string;
  let theirId: string;
  const store = () => createSsoConnectionStore(db.em());

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    ourId = (await store().create(ours.id, fields('Ours', ['ours.example.test']))).id;
    theirId = (await store().create(theirs.id, fields('Theirs', ['theirs.example.test']))).id;
  });
  afterAll(() => db?.stop());

  it("lists and finds the organization's own connections only", async () => {
    const listed = await store().list(ours.id, { limit: 10, offset: 0 });
    expect(listed.items.map((item) => item.id)).toEqual([ourId]);
    expect(listed.total).toBe(1);
    expect((await store().find(ours.id, ourId))?.name).toBe('Ours');
    expect(await store().find(ours.id, theirId)).toBeUndefined();
  });

  it("reads the organization's own domain claims only", async () => {
    expect((await store().claimsOf(ours.id, [ourId, theirId])).map((claim) => claim.domain)).toEqual(['ours.example.test']);
    expect(await store().claim(ours.id, ourId, 'ours.example.test')).toMatchObject({ connection_id: ourId, verified_at: null });
    expect(await store().claim(ours.id, theirId, 'theirs.example.test')).toBeUndefined();
  });

  it("updates its own connection and leaves another organization's as it was", async () => {
    let asked = 0;
    const refused = await store().update(ours.id, theirId, async () => {
      asked += 1;
      return { name: 'Taken over', domains: ['taken.example.test'] };
    });
    expect(refused).toBeUndefined();
    expect(asked).toBe(0);
    const [theirRow] = await db.sql<{ name: string }>('select name from sso_connections where id = ?', [theirId]);
    expect(theirRow?.name).toBe('Theirs');
    expect((await store().claimsOf(theirs.id, [theirId])).map((claim) => claim.domain)).toEqual(['theirs.example.test']);

    const updated = await store().update(ours.id, ourId, async () => ({
      name: 'Ours renamed',
      domains: ['ours.example.test', 'more.example.test'],
    }));
    expect(updated?.name).toBe('Ours renamed');
    expect((await store().claimsOf(ours.id, [ourId])).map((claim) => claim.domain)).toEqual(['more.example.test', 'ours.example.test']);
  });

  it('verifies its own domain claims only', async () => {
    await store().verifyDomain(ours.id, theirId, 'theirs.example.test');
    expect((await store().claim(theirs.id, theirId, 'theirs.example.test'))?.verified_at).toBeNull();
    await store().verifyDomain(ours.id, ourId, 'ours.example.test');
    expect((await store().claim(ours.id, ourId, 'ours.example.test'))?.verified_at).not.toBeNull();
  });

  it("tells the organization's own owners of trust changes, and names only its own actor", async () => {
    expect(await store().trustAudience(ours.id, ours.ownerId)).toEqual({
      ownerEmails: [ours.ownerEmail],
      actorEmail: ours.ownerEmail,
      organizationName: ours.name,
    });
    expect((await store().trustAudience(ours.id, theirs.ownerId)).actorEmail).toBeUndefined();
  });

  it("removes its own connection and not another organization's", async () => {
    const spare = await store().create(ours.id, fields('Spare', []));
    await store().remove(ours.id, theirId);
    expect(await store().find(theirs.id, theirId)).toBeDefined();
    await store().remove(ours.id, spare.id);
    expect(await store().find(ours.id, spare.id)).toBeUndefined();
  });

  it("signs in through the named organization's connections only", async () => {
    expect((await store().signInOfOrganization(ours.id, 2)).map((connection) => connection.id)).toEqual([ourId]);
    expect((await store().signInByDomain('ours.example.test'))?.id).toBe(ourId);
    expect(await store().signInByDomain('theirs.example.test')).toBeUndefined();
  });
});
