import { randomBytes } from 'node:crypto';
import { createApiKeyStore } from '../../../../shared/db/access/api-keys.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's keys are invisible to it,
// and untouched by its revocations and usage stamps.
describe('ApiKeyStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let ourKey: string;
  let theirKey: string;
  let theirChild: string;
  const store = () => createApiKeyStore(db.em());
  const key = (organization: SeededOrganization, name: string, createdByKeyId: string | null = null) =>
    store().insert(organization.id, {
      createdBy: organization.ownerId,
      createdByKeyId,
      name,
      keyHash: randomBytes(32).toString('hex'),
      prefix: `tocsin_ak_${name}`.slice(0, 14),
      permissions: ['incidents:read'],
      expiresAt: null,
    });
  const stored = (id: string) =>
    db.sql<{ organization_id: string; revoked_at: Date | null; last_used_at: Date | null }>(
      'select organization_id, revoked_at, last_used_at from api_keys where id = ?',
      [id],
    );

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    ourKey = (await key(ours, 'ci')).id;
    theirKey = (await key(theirs, 'ci')).id;
    theirChild = (await key(theirs, 'child', theirKey)).id;
  });
  afterAll(() => db?.stop());

  it("finds and lists the organization's own keys only", async () => {
    expect((await store().find(ours.id, ourKey))?.name).toBe('ci');
    expect(await store().find(ours.id, theirKey)).toBeUndefined();
    expect(await store().findActive(ours.id, theirKey)).toBeUndefined();
    expect((await store().findActive(theirs.id, theirKey))?.id).toBe(theirKey);
    const listed = await store().listActive(ours.id, { limit: 10, offset: 0 });
    expect(listed).toMatchObject({ total: 1, items: [{ id: ourKey }] });
    expect((await store().listActive(theirs.id, { limit: 10, offset: 0 })).total).toBe(2);
  });

  it('creates keys in the organization given', async () => {
    const created = await key(ours, 'deploy');
    const [row] = await stored(created.id);
    expect(row?.organization_id).toBe(ours.id);
    expect((await store().listActive(ours.id, { limit: 10, offset: 0 })).items.map((item) => item.id)).toEqual([created.id, ourKey]);
    expect((await store().listActive(theirs.id, { limit: 10, offset: 0 })).items.map((item) => item.id)).not.toContain(created.id);
  });

  it("revokes and stamps the organization's own keys only", async () => {
    expect(await store().revokeFamily(ours.id, theirKey)).toEqual([]);
    await store().touch(ours.id, theirKey, new Date());
    for (const id of [theirKey, theirChild]) {
      const [row] = await stored(id);
      expect(row).toMatchObject({ revoked_at: null, last_used_at: null });
    }

    const at = new Date('2026-01-02T03:04:05Z');
    await store().touch(theirs.id, theirKey, at);
    expect((await store().find(theirs.id, theirKey))?.lastUsedAt).toEqual(at);
    expect((await store().revokeFamily(theirs.id, theirKey)).sort()).toEqual([theirKey, theirChild].sort());
    expect(await store().findActive(theirs.id, theirChild)).toBeUndefined();
    expect((await store().find(theirs.id, theirChild))?.revokedAt).toBeInstanceOf(Date);
    expect(await store().findActive(ours.id, ourKey)).toBeDefined();
  });
});
