import { randomUUID } from 'node:crypto';
import { createIntegrationCredentialsStore } from '../../../../shared/db/access/integrations.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The read by id looks across organizations by design (a webhook names only the integration): each
// id yields its own organization's row, sealed. The short form's read sees the organization's own only.
describe('IntegrationCredentialsStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const store = () => createIntegrationCredentialsStore(db.em());
  const integration = async (organizationId: string, secret: string) => {
    const [row] = await db.sql<{ id: string }>(
      `insert into integrations (id, organization_id, name, platform, secret_ciphertext, previous_secret_ciphertext,
         previous_secret_expires_at, mapping_template, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Hook', 'generic', ?, ?, now() + interval '1 hour', null, now(), now()) returning id`,
      [organizationId, secret, `${secret}-previous`],
    );
    return row!.id;
  };

  beforeAll(async () => ({ db, ours, theirs } = await openTwoOrganizations()));
  afterAll(() => db?.stop());

  it('finds each integration by id with its own organization and sealed secrets', async () => {
    const ourIntegration = await integration(ours.id, 'sealed-ours');
    const theirIntegration = await integration(theirs.id, 'sealed-theirs');
    expect(await store().findByIdAcrossOrganizations(ourIntegration)).toMatchObject({
      id: ourIntegration,
      organizationId: ours.id,
      platform: 'generic',
      enabled: true,
      secretCiphertext: 'sealed-ours',
      previousSecretCiphertext: 'sealed-ours-previous',
      mappingTemplate: null,
    });
    expect(await store().findByIdAcrossOrganizations(theirIntegration)).toMatchObject({
      organizationId: theirs.id,
      secretCiphertext: 'sealed-theirs',
    });
    expect(await store().findByIdAcrossOrganizations(randomUUID())).toBeUndefined();
  });

  it("finds the organization's own oldest enabled integration of a platform only", async () => {
    const at = async (organizationId: string, platform: string, enabled: boolean, createdAt: string) => {
      const [row] = await db.sql<{ id: string }>(
        `insert into integrations (id, organization_id, name, platform, enabled, secret_ciphertext, created_at, updated_at)
         values (gen_random_uuid(), ?, 'Short form', ?, ?, 'sealed', ?, now()) returning id`,
        [organizationId, platform, enabled, createdAt],
      );
      return row!.id;
    };
    // Theirs is older and enabled: a lookup by platform alone would answer it.
    await at(theirs.id, 'apm', true, '2020-01-01T00:00:00Z');
    await at(ours.id, 'apm', false, '2021-01-01T00:00:00Z');
    const ourOldest = await at(ours.id, 'apm', true, '2022-01-01T00:00:00Z');
    await at(ours.id, 'apm', true, '2023-01-01T00:00:00Z');
    expect(await store().findOldestEnabledId(ours.id, 'apm')).toBe(ourOldest);
    expect(await store().findOldestEnabledId(ours.id, 'pager')).toBeUndefined();
    await at(theirs.id, 'pager', true, '2020-01-01T00:00:00Z');
    expect(await store().findOldestEnabledId(ours.id, 'pager')).toBeUndefined();
  });
});
