import { randomUUID } from 'node:crypto';
import { createIntegrationCredentialsStore } from '../../../../shared/db/access/integrations.ts';
import { openStoreDatabase, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The store's one read looks across organizations by design (a webhook names only the integration):
// each id yields its own organization's row, sealed, and nothing of another's.
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

  beforeAll(async () => {
    db = await openStoreDatabase();
    ours = await db.organization('ours');
    theirs = await db.organization('theirs');
  });
  afterAll(async () => {
    await db?.stop();
  });

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
});
