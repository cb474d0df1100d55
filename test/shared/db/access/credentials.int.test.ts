import { createCredentialLookupStore } from '../../../../shared/db/access/credentials.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The credential reads on real PostgreSQL: a user is found only within the organization a token
// names; a key by its hash and a plan by its integration name the organization they belong to.
describe('CredentialLookupStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let theirIntegration: string;
  const theirKeyHash = 'a'.repeat(64);
  const store = () => createCredentialLookupStore(db.em());

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    await db.sql(`update organizations set plan = 'team' where id = ?`, [theirs.id]);
    await db.sql(
      `insert into api_keys (id, organization_id, name, key_hash, prefix, permissions, created_by_id, created_at)
       values (gen_random_uuid(), ?, 'Theirs', ?, 'tk_', '[]'::jsonb, ?, now())`,
      [theirs.id, theirKeyHash, theirs.ownerId],
    );
    const [integration] = await db.sql<{ id: string }>(
      `insert into integrations (id, organization_id, name, platform, secret_ciphertext, created_at, updated_at)
       values (gen_random_uuid(), ?, 'APM', 'generic', 'sealed', now(), now()) returning id`,
      [theirs.id],
    );
    theirIntegration = integration!.id;
  });
  afterAll(() => db?.stop());

  it("reads a user within the organization's own members only", async () => {
    expect((await store().user(ours.id, theirs.ownerId)).user).toBeUndefined();
    expect((await store().user(ours.id, ours.ownerId)).user?.email).toBe(ours.ownerEmail);
    expect((await store().user(theirs.id, theirs.ownerId)).user?.organization_id).toBe(theirs.id);
  });

  it('reads a plan of the organization named, or of the organization owning the integration', async () => {
    expect(await store().planOfOrganization(ours.id)).toEqual({ organization_id: ours.id, plan: 'free' });
    expect(await store().planOfOrganization(theirs.id)).toEqual({ organization_id: theirs.id, plan: 'team' });
    expect(await store().planOfIntegrationAcrossOrganizations(theirIntegration)).toEqual({ organization_id: theirs.id, plan: 'team' });
  });

  it('finds a key by its hash with the organization it belongs to', async () => {
    expect(await store().apiKeyByHashAcrossOrganizations(theirKeyHash)).toMatchObject({
      organization_id: theirs.id,
      created_by_id: theirs.ownerId,
      role: 'owner',
    });
    expect(await store().apiKeyByHashAcrossOrganizations('b'.repeat(64))).toBeUndefined();
  });
});
