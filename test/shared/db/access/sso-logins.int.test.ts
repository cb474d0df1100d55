import { createSsoConnectionStore } from '../../../../shared/db/access/sso-connections.ts';
import { createSsoLoginStore, type SsoConnectionKey } from '../../../../shared/db/access/sso-logins.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every organization-scoped method of the store, on real PostgreSQL: another organization's
// accounts, identity links, link requests and domains are invisible to it (through a connection
// named as ours, too) and untouched by its writes; the lookups across organizations say so.
describe('SsoLoginStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let ourConnection: SsoConnectionKey;
  let theirConnection: SsoConnectionKey;
  /** Their connection, as if it were ours: what a mix-up of ids would ask for. */
  let theirConnectionAsOurs: SsoConnectionKey;
  const theirIdentity = { issuer: 'https://idp.theirs.test', subject: 'their-owner' };
  const store = () => createSsoLoginStore(db.em());
  const connection = async (organization: SeededOrganization, domain: string): Promise<SsoConnectionKey> => {
    const created = await createSsoConnectionStore(db.em()).create(organization.id, {
      name: domain,
      kind: 'oidc',
      domains: [domain],
      defaultRole: 'engineer',
      enabled: true,
      config: { issuer: `https://${domain}`, client_id: domain },
      secretsCiphertext: null,
    });
    await db.sql('update sso_domains set verified_at = now() where connection_id = ?', [created.id]);
    return { id: created.id, organizationId: organization.id };
  };
  const linksOf = (userId: string) =>
    db.sql<{ connection_id: string; subject: string }>(
      'select connection_id, subject from sso_identities where user_id = ? order by subject',
      [userId],
    );

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    ourConnection = await connection(ours, 'ours.example.test');
    theirConnection = await connection(theirs, 'theirs.example.test');
    theirConnectionAsOurs = { id: theirConnection.id, organizationId: ours.id };
    expect(await store().replaceIdentityLink(theirConnection, theirs.ownerId, theirIdentity)).toBe(true);
  });
  afterAll(() => db?.stop());

  it("reads the organization's own accounts only, but for the lookup by email", async () => {
    expect(await store().user(ours.id, theirs.ownerId)).toBeUndefined();
    expect(await store().user(theirs.id, theirs.ownerId)).toMatchObject({ id: theirs.ownerId, organizationId: theirs.id });
    expect(await store().userByEmailAcrossOrganizations(theirs.ownerEmail)).toMatchObject({
      id: theirs.ownerId,
      organizationId: theirs.id,
    });
    expect(await store().linkedUser(theirConnectionAsOurs, theirIdentity)).toBeUndefined();
    expect(await store().linkedUser(theirConnection, theirIdentity)).toMatchObject({ id: theirs.ownerId });
  });

  it("links identities to the organization's own accounts only", async () => {
    const other = { issuer: 'https://idp.theirs.test', subject: 'taken-over' };
    expect(await store().replaceIdentityLink(theirConnectionAsOurs, theirs.ownerId, other)).toBe(true);
    expect(await store().replaceIdentityLink(ourConnection, theirs.ownerId, other)).toBe(true);
    expect(await linksOf(theirs.ownerId)).toEqual([{ connection_id: theirConnection.id, subject: 'their-owner' }]);

    // Their identity is taken: linking it to one of ours is refused and changes nothing.
    expect(await store().replaceIdentityLink(theirConnection, theirs.ownerId, theirIdentity)).toBe(true);
    expect(await store().replaceIdentityLink({ ...ourConnection, id: theirConnection.id }, ours.ownerId, theirIdentity)).toBe(false);
    expect(await linksOf(ours.ownerId)).toEqual([]);
  });

  it("requests links for the organization's own accounts only", async () => {
    const request = { userId: theirs.ownerId, identity: theirIdentity, minRemainingSeconds: 0 };
    expect(await store().replaceLinkRequest(theirConnection, { ...request, tokenHash: 'theirs', ttlSeconds: 3600 })).toBeDefined();
    expect(await store().hasPendingLinkRequest(theirConnectionAsOurs, request)).toBe(false);
    expect(await store().hasPendingLinkRequest(theirConnection, request)).toBe(true);

    expect(await store().replaceLinkRequest(theirConnectionAsOurs, { ...request, tokenHash: 'ours', ttlSeconds: 3600 })).toBeUndefined();
    const requests = await db.sql<{ token_hash: string }>('select token_hash from sso_link_requests where user_id = ?', [theirs.ownerId]);
    expect(requests).toEqual([{ token_hash: 'theirs' }]);
    // The mailed token is the credential: whoever holds it, whichever organization it is of.
    expect(await store().takeLinkRequestAcrossOrganizations('theirs')).toMatchObject({ user_id: theirs.ownerId, live: true });
  });

  it("sees the organization's own verified domains only", async () => {
    expect(await store().isDomainVerified(theirConnectionAsOurs, 'theirs.example.test')).toBe(false);
    expect(await store().isDomainVerified(theirConnection, 'theirs.example.test')).toBe(true);
    expect(await store().isDomainVerified(ourConnection, 'ours.example.test')).toBe(true);
  });

  it('creates an account with its identity and its quota reservation together, or nothing', async () => {
    const fields = { email: 'new@ours.example.test', name: 'New', role: 'engineer' as const, passwordHash: '!sso' };
    const identity = { issuer: 'https://idp.ours.test', subject: 'new' };
    await expect(
      store().provisionReserving(
        ourConnection,
        async () => {
          throw new Error('quota reached');
        },
        fields,
        identity,
      ),
    ).rejects.toThrow('quota reached');
    expect(await store().userByEmailAcrossOrganizations(fields.email)).toBeUndefined();

    let reservedIn: unknown;
    const created = await store().provisionReserving(ourConnection, async (tx) => void (reservedIn = tx), fields, identity);
    expect(reservedIn).toBeDefined();
    expect(created).toMatchObject({ organizationId: ours.id, email: fields.email, role: 'engineer' });
    expect(await store().linkedUser(ourConnection, identity)).toMatchObject({ id: created?.id });
    expect(await store().linkedUser(theirConnectionAsOurs, identity)).toBeUndefined();
    // A concurrent first sign-in made it already.
    expect(await store().provisionReserving(ourConnection, async () => undefined, fields, identity)).toBeUndefined();
  });

  it('finds a pending sign-in by its state and remembers assertions per connection', async () => {
    const pending = {
      state_hash: 'state',
      connection_id: theirConnection.id,
      nonce: 'n',
      code_verifier_ciphertext: null,
      saml_request_id: null,
      redirect_to: null,
      link_user_id: null,
      ttlSeconds: 600,
    };
    await store().savePendingLogin(pending);
    expect(await store().takePendingLoginAcrossOrganizations('state')).toMatchObject({ connection_id: theirConnection.id, live: true });
    expect(await store().takePendingLoginAcrossOrganizations('state')).toBeUndefined();
    const until = new Date(Date.now() + 60_000);
    expect(await store().rememberAssertion(theirConnection.id, 'assertion-1', until)).toBe(true);
    expect(await store().rememberAssertion(ourConnection.id, 'assertion-1', until)).toBe(true);
    expect(await store().rememberAssertion(theirConnection.id, 'assertion-1', until)).toBe(false);
  });
});
