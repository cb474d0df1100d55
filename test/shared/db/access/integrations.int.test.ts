import { createIntegrationStore } from '../../../../shared/db/access/integrations.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's integrations, policies and
// teams are invisible to it, and untouched by its writes.
describe('IntegrationStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const their = { integration: '', policy: '', team: '' };
  let ourIntegration: string;
  const store = () => createIntegrationStore(db.em());
  const insert = (organizationId: string, name: string) =>
    store().insertReserving(organizationId, async () => {}, {
      name,
      platform: 'apm',
      enabled: true,
      secretCiphertext: `sealed-${name}`,
    });
  const secrets = async (id: string) =>
    (
      await db.sql<{ secret_ciphertext: string; previous_secret_ciphertext: string | null }>(
        'select secret_ciphertext, previous_secret_ciphertext from integrations where id = ?',
        [id],
      )
    )[0];

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    ourIntegration = (await insert(ours.id, 'ours')).id;
    their.integration = (await insert(theirs.id, 'theirs')).id;
    [{ id: their.policy }] = (await db.sql<{ id: string }>(
      `insert into escalation_policies (id, organization_id, name, levels, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Theirs', '[]'::jsonb, now(), now()) returning id`,
      [theirs.id],
    )) as [{ id: string }];
    [{ id: their.team }] = (await db.sql<{ id: string }>(
      `insert into teams (id, organization_id, name, created_at, updated_at) values (gen_random_uuid(), ?, 'Theirs', now(), now()) returning id`,
      [theirs.id],
    )) as [{ id: string }];
  });
  afterAll(() => db?.stop());

  it("lists and finds the organization's own integrations only", async () => {
    expect((await store().list(ours.id, { limit: 10, offset: 0 })).items.map((row) => row.id)).toEqual([ourIntegration]);
    expect((await store().list(ours.id, { limit: 10, offset: 0, platform: 'apm' })).total).toBe(1);
    expect((await store().ofPlatform(ours.id, 'apm')).map((row) => row.id)).toEqual([ourIntegration]);
    expect((await store().find(ours.id, ourIntegration))?.name).toBe('ours');
    expect(await store().find(ours.id, their.integration)).toBeUndefined();
  });

  it("sees the organization's own policies and teams only", async () => {
    expect(await store().hasPolicy(ours.id, their.policy)).toBe(false);
    expect(await store().hasPolicy(theirs.id, their.policy)).toBe(true);
    expect(await store().hasTeam(ours.id, their.team)).toBe(false);
    expect(await store().hasTeam(theirs.id, their.team)).toBe(true);
  });

  it("changes, rotates and removes the organization's own integrations only", async () => {
    const expires = new Date(Date.now() + 3600_000);
    expect(await store().update(ours.id, their.integration, { name: 'Taken', enabled: false })).toBeUndefined();
    expect(
      await store().rotateSecret(ours.id, their.integration, { secretCiphertext: 'stolen', previousExpiresAt: expires }),
    ).toBeUndefined();
    await store().remove(ours.id, their.integration);
    expect(await store().find(theirs.id, their.integration)).toMatchObject({ name: 'theirs', enabled: true });
    expect(await secrets(their.integration)).toEqual({ secret_ciphertext: 'sealed-theirs', previous_secret_ciphertext: null });

    expect(await store().update(ours.id, ourIntegration, { name: 'renamed', teamId: null })).toMatchObject({ name: 'renamed' });
    await store().rotateSecret(ours.id, ourIntegration, { secretCiphertext: 'sealed-new', previousExpiresAt: expires });
    expect(await secrets(ourIntegration)).toEqual({ secret_ciphertext: 'sealed-new', previous_secret_ciphertext: 'sealed-ours' });
    await store().remove(ours.id, ourIntegration);
    expect(await store().find(ours.id, ourIntegration)).toBeUndefined();
  });

  it('inserts nothing when the reservation refuses', async () => {
    await expect(
      store().insertReserving(
        ours.id,
        async () => {
          throw new Error('over quota');
        },
        { name: 'refused', platform: 'apm', enabled: true, secretCiphertext: 'x' },
      ),
    ).rejects.toThrow('over quota');
    expect((await store().list(ours.id, { limit: 10, offset: 0 })).items.map((row) => row.name)).not.toContain('refused');
  });
});
