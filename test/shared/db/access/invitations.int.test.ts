import { createHash, randomUUID } from 'node:crypto';
import { createInvitationStore, type NewInvitation } from '../../../../shared/db/access/invitations.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's invitations are invisible to
// the scoped methods and untouched by their writes; the AcrossOrganizations ones find what only an
// address or a mailed token names.
describe('InvitationStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const store = () => createInvitationStore(db.em());
  const noCheck = async () => undefined;
  const invitation = (organization: SeededOrganization, email: string, token = randomUUID()): NewInvitation => ({
    email,
    role: 'engineer',
    tokenHash: createHash('sha256').update(token).digest('hex'),
    invitedBy: organization.ownerId,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  const stateOf = async (id: string) =>
    (
      await db.sql<{ accepted_at: string | null; revoked_at: string | null; accepted_user_id: string | null }>(
        'select accepted_at, revoked_at, accepted_user_id from invitations where id = ?',
        [id],
      )
    )[0];
  const usersWithEmail = async (email: string) =>
    db.sql<{ organization_id: string; role: string }>('select organization_id, role from users where email = ?', [email]);

  beforeAll(async () => ({ db, ours, theirs } = await openTwoOrganizations()));
  afterAll(() => db?.stop());

  it("lists, finds, replaces and revokes the organization's own invitations only", async () => {
    const email = `both-${randomUUID().slice(0, 8)}@example.test`;
    const theirInvitation = await store().replacePending(theirs.id, invitation(theirs, email), new Date(), noCheck);
    const ourInvitation = await store().replacePending(ours.id, invitation(ours, email), new Date(), noCheck);
    expect(await stateOf(theirInvitation.id)).toMatchObject({ revoked_at: null });

    expect((await store().listPending(ours.id, new Date(), { limit: 10, offset: 0 })).items.map((row) => row.id)).toEqual([
      ourInvitation.id,
    ]);
    expect(await store().find(ours.id, theirInvitation.id)).toBeUndefined();
    expect(await store().find(theirs.id, theirInvitation.id)).toMatchObject({ organizationId: theirs.id, email });
    await store().revoke(ours.id, theirInvitation.id, new Date());
    expect(await stateOf(theirInvitation.id)).toMatchObject({ revoked_at: null });

    // Inviting the address again replaces our earlier invitation.
    const again = await store().replacePending(ours.id, invitation(ours, email), new Date(), noCheck);
    expect(await stateOf(ourInvitation.id)).toMatchObject({ revoked_at: expect.anything() });
    expect((await store().listPending(ours.id, new Date(), { limit: 10, offset: 0 })).items.map((row) => row.id)).toEqual([again.id]);
    await store().revoke(ours.id, again.id, new Date());
    expect((await store().listPending(ours.id, new Date(), { limit: 10, offset: 0 })).total).toBe(0);
    expect((await store().listPending(theirs.id, new Date(), { limit: 10, offset: 0 })).total).toBe(1);
  });

  it("accepts the organization's own invitation only, and once", async () => {
    const email = `joins-${randomUUID().slice(0, 8)}@example.test`;
    const token = randomUUID();
    const theirInvitation = await store().replacePending(theirs.id, invitation(theirs, email, token), new Date(), noCheck);
    const hash = createHash('sha256').update(token).digest('hex');
    expect((await store().findPendingByTokenHashAcrossOrganizations(hash, new Date()))?.id).toBe(theirInvitation.id);
    expect(await store().emailTakenAcrossOrganizations(email)).toBe(false);

    const member = { name: 'New member', passwordHash: 'x' };
    expect(await store().accept(ours.id, theirInvitation.id, member, new Date(), noCheck)).toBeUndefined();
    expect(await stateOf(theirInvitation.id)).toMatchObject({ accepted_at: null });
    expect(await usersWithEmail(email)).toEqual([]);

    const accepted = await store().accept(theirs.id, theirInvitation.id, member, new Date(), noCheck);
    expect(accepted).toMatchObject({ user: { email, role: 'engineer', organizationId: theirs.id }, organization: { id: theirs.id } });
    expect(await stateOf(theirInvitation.id)).toMatchObject({ accepted_at: expect.anything(), accepted_user_id: accepted?.user.id });
    expect(await usersWithEmail(email)).toEqual([{ organization_id: theirs.id, role: 'engineer' }]);
    expect(await store().emailTakenAcrossOrganizations(email)).toBe(true);
    expect(await store().accept(theirs.id, theirInvitation.id, member, new Date(), noCheck)).toBeUndefined();
    expect(await store().findPendingByTokenHashAcrossOrganizations(hash, new Date())).toBeUndefined();
  });

  it('keeps nothing of a write its check refuses', async () => {
    const email = `refused-${randomUUID().slice(0, 8)}@example.test`;
    const refuse = async () => {
      throw new Error('no seat');
    };
    await expect(store().replacePending(ours.id, invitation(ours, email), new Date(), refuse)).rejects.toThrow('no seat');
    expect((await db.sql('select id from invitations where email = ?', [email])).length).toBe(0);
    const pending = await store().replacePending(ours.id, invitation(ours, email), new Date(), noCheck);
    await expect(store().accept(ours.id, pending.id, { name: 'Refused', passwordHash: 'x' }, new Date(), refuse)).rejects.toThrow(
      'no seat',
    );
    expect(await stateOf(pending.id)).toMatchObject({ accepted_at: null });
    expect(await usersWithEmail(email)).toEqual([]);
  });
});
