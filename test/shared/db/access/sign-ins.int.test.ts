import { randomUUID } from 'node:crypto';
import { createSignInStore } from '../../../../shared/db/access/sign-ins.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The sign-in lookups look across organizations by design (an email names one account): each finds
// exactly the account named, with its own organization, and registering touches no other organization.
describe('SignInStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const store = () => createSignInStore(db.em());
  const organizationCount = async () => Number((await db.sql<{ n: string }>('select count(*) as n from organizations'))[0]?.n);

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    await db.sql(`update organizations set settings = '{"sso_required": true}'::jsonb where id = ?`, [theirs.id]);
  });
  afterAll(() => db?.stop());

  it('finds the account an email names, with its own organization', async () => {
    expect(await store().isEmailRegisteredAcrossOrganizations(theirs.ownerEmail)).toBe(true);
    expect(await store().isEmailRegisteredAcrossOrganizations(`nobody-${randomUUID()}@example.test`)).toBe(false);
    const account = await store().findByEmailAcrossOrganizations(theirs.ownerEmail);
    expect(account).toMatchObject({
      id: theirs.ownerId,
      organizationId: theirs.id,
      role: 'owner',
      passwordHash: 'x',
      organization: { id: theirs.id, name: theirs.name, settings: { sso_required: true } },
    });
    expect((await store().findByEmailAcrossOrganizations(ours.ownerEmail))?.organization).toMatchObject({ id: ours.id, settings: {} });
    expect(await store().findByEmailAcrossOrganizations(`nobody-${randomUUID()}@example.test`)).toBeUndefined();
  });

  it('registers a new organization and its owner, leaving the others as they were', async () => {
    const email = `new-${randomUUID()}@example.test`;
    const registered = await store().register({ organizationName: 'Newco', email, name: 'Nell', passwordHash: 'hash' });
    expect(registered).toMatchObject({ email, name: 'Nell', role: 'owner', organization: { name: 'Newco', plan: 'free' } });
    expect([ours.id, theirs.id]).not.toContain(registered?.organizationId);
    expect(registered?.organization.id).toBe(registered?.organizationId);
    expect((await store().findByEmailAcrossOrganizations(email))?.organizationId).toBe(registered?.organizationId);
    const members = await db.sql<{ organization_id: string }>('select organization_id from users where organization_id in (?, ?)', [
      ours.id,
      theirs.id,
    ]);
    expect(members.map((member) => member.organization_id).sort()).toEqual([ours.id, theirs.id].sort());
  });

  it('refuses an email registered in another organization, creating nothing', async () => {
    const before = await organizationCount();
    expect(
      await store().register({ organizationName: 'Copycat', email: theirs.ownerEmail, name: 'Cat', passwordHash: 'hash' }),
    ).toBeUndefined();
    expect(await organizationCount()).toBe(before);
    expect((await store().findByEmailAcrossOrganizations(theirs.ownerEmail))?.organizationId).toBe(theirs.id);
  });
});
