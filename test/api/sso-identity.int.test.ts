import { createApiKey } from '../helpers/api-keys.ts';
import { addMember, bearer } from '../helpers/members.ts';
import type { TestDnsServer } from '../helpers/dns-server.ts';
import { signInAt, startOpenIdProvider, type TestOpenIdProvider } from '../helpers/oidc-provider.ts';
import { mailsTo, waitForMail } from '../helpers/outbox.ts';
import { CALLBACK, startSsoStack, ssoBrowser } from '../helpers/sso-stack.ts';
import { registerOwner, type TestStack } from '../helpers/stack.ts';

const LINK_SUBJECT = /^Link your Tocsin account/;

/**
 * The attacks of an organization's admin on its owner through single sign-on, and of one
 * organization on another's email domain: identities are linked, never matched by email alone;
 * trust material is the owner's; domains route sign-ins once verified by DNS.
 */
describe('SSO identities, trust material and domain verification (integration: oidc-provider and a DNS server on loopback, real PostgreSQL)', () => {
  let stack: TestStack;
  let dns: TestDnsServer;
  /** The identity provider the attacker runs. */
  let rogue: TestOpenIdProvider;
  let legit: TestOpenIdProvider;

  beforeAll(async () => {
    ({ stack, dns } = await startSsoStack({ PLAN_MEMBERS_LIMIT: '100' }));
    rogue = await startOpenIdProvider({ redirectUri: CALLBACK });
    legit = await startOpenIdProvider({ redirectUri: CALLBACK });
  });
  afterAll(async () => {
    await rogue?.stop();
    await legit?.stop();
    await stack?.stop();
    await dns?.stop();
  });

  const oidcConnection = (provider: TestOpenIdProvider, domain: string, extra: Record<string, unknown> = {}) => ({
    name: `IdP for ${domain}`,
    kind: 'oidc',
    domains: [domain],
    default_role: 'viewer',
    config: { issuer: provider.issuer, client_id: provider.clientId, client_secret: provider.clientSecret },
    ...extra,
  });
  const registerAt = async (email: string) => {
    const password = 'owner password 123';
    await stack.http
      .post('/api/v1/auth/register')
      .send({ email, password, name: 'Boss', organization_name: `Org of ${email}` })
      .expect(201);
    const login = await stack.http.post('/api/v1/auth/login').send({ email, password }).expect(200);
    return { email, password, token: login.body.access_token as string, id: login.body.user.id as string };
  };
  /** Signs in at `provider` as `login` through a sign-in started at `start` (an authorization URL), and delivers the answer. */
  const signIn = async (authorizationUrl: string, login: string) => {
    const callback = await signInAt(authorizationUrl, login, { stopAt: CALLBACK });
    return ssoBrowser(stack).get(`${callback.pathname}${callback.search}`);
  };
  const initiate = async (connectionId: string) =>
    (
      await ssoBrowser(stack)
        .get('/api/v1/sso/initiate')
        .query({ connection_id: connectionId })
        .set('Accept', 'application/json')
        .expect(200)
    ).body.data.authorization_url as string;
  const tokenIn = (body: string) => /^Link token: (\S+)$/m.exec(body)?.[1] as string;
  const verify = async (
    token: string,
    connection: { id: string; domain_verifications: Array<{ domain: string; record_value: string }> },
  ) => {
    const [claim] = connection.domain_verifications;
    dns.setTxt(`_tocsin-challenge.${claim?.domain}`, claim?.record_value as string);
    return stack.http.post(`/api/v1/sso/connections/${connection.id}/domains/${claim?.domain}/verify`).set(bearer(token));
  };

  it("an admin's identity provider asserting the owner's email signs nobody in; the owner is mailed, and links only by choice", async () => {
    const owner = await registerAt('boss@corp-victim.test');
    const admin = await addMember(stack, owner.token, 'admin');
    const key = await createApiKey(stack.http, admin.token, { name: 'sso admin', permissions: ['settings:update', 'settings:read'] });
    const created = await stack.http
      .post('/api/v1/sso/connections')
      .set('X-API-Key', key.api_key)
      .send(oidcConnection(rogue, 'corp-victim.test', { default_role: 'admin' }))
      .expect(201);
    rogue.addAccount({ email: owner.email, sub: 'attacker-controlled' });
    const attempt = await signIn(await initiate(created.body.data.id), 'attacker-controlled');
    expect({ status: attempt.status, code: attempt.body.code }).toEqual({ status: 401, code: 'SSO_FAILED' });
    expect(attempt.body.access_token).toBeUndefined();
    expect(attempt.body.detail).toMatch(/not linked/);
    // Every owner heard of the new connection.
    expect((await waitForMail(stack, owner.email, /SSO connection .* added/)).body).toContain(admin.email);
    const mail = await waitForMail(stack, owner.email, LINK_SUBJECT);
    expect(mail.body).toContain('attacker-controlled');
    // The same identity trying again at once mails nothing more: the link already sent still works.
    const again = await signIn(await initiate(created.body.data.id), 'attacker-controlled');
    expect(again.status).toBe(401);
    expect(await mailsTo(stack, owner.email, LINK_SUBJECT)).toHaveLength(1);

    // Nothing links without the owner: a made-up token is refused, and no identity exists.
    await stack.http.post('/api/v1/sso/link/confirm').send({ token: 'made-up' }).expect(401);
    const identities = async () =>
      stack.orm.em.fork().execute<Array<{ subject: string }>>('select subject from sso_identities where user_id = ?', [owner.id]);
    expect(await identities()).toEqual([]);

    // Had the owner confirmed (their choice, single use), that identity would sign them in, by subject.
    const confirmed = await stack.http
      .post('/api/v1/sso/link/confirm')
      .send({ token: tokenIn(mail.body) })
      .expect(200);
    expect(confirmed.body.data).toEqual({ connection_id: created.body.data.id, user_id: owner.id, linked: true });
    await stack.http
      .post('/api/v1/sso/link/confirm')
      .send({ token: tokenIn(mail.body) })
      .expect(401);
    expect(await identities()).toEqual([{ subject: 'attacker-controlled' }]);
    const linked = await signIn(await initiate(created.body.data.id), 'attacker-controlled');
    expect(linked.status).toBe(200);
    expect(linked.body.user).toMatchObject({ id: owner.id, role: 'owner' });

    // Another subject asserting the same email is not the linked identity: nobody is signed in.
    rogue.addAccount({ email: owner.email, sub: 'second-identity' });
    const other = await signIn(await initiate(created.body.data.id), 'second-identity');
    expect({ status: other.status, code: other.body.code }).toEqual({ status: 401, code: 'SSO_FAILED' });
  });

  it("only an owner changes a connection's issuer, certificates, domains or default role; each change is mailed to every owner", async () => {
    const owner = await registerAt('boss@corp-trust.test');
    const created = await stack.http
      .post('/api/v1/sso/connections')
      .set(bearer(owner.token))
      .send(oidcConnection(legit, 'corp-trust.test'))
      .expect(201);
    const id = created.body.data.id as string;
    const admin = await addMember(stack, owner.token, 'admin');
    const rogueConfig = { issuer: rogue.issuer, client_id: rogue.clientId, client_secret: rogue.clientSecret };
    for (const change of [{ config: rogueConfig }, { domains: ['corp-trust.test', 'other.test'] }, { default_role: 'engineer' }]) {
      const refused = await stack.http.patch(`/api/v1/sso/connections/${id}`).set(bearer(admin.token)).send(change).expect(403);
      expect(refused.body.code).toBe('INSUFFICIENT_PERMISSIONS');
    }
    // Renaming and switching it off stay an admin's.
    await stack.http.patch(`/api/v1/sso/connections/${id}`).set(bearer(admin.token)).send({ name: 'Renamed', enabled: true }).expect(200);
    const changesMailed = (await mailsTo(stack, owner.email, /SSO connection .* changed/)).length;
    await stack.http.patch(`/api/v1/sso/connections/${id}`).set(bearer(owner.token)).send({ config: rogueConfig }).expect(200);
    expect((await waitForMail(stack, owner.email, /SSO connection .* changed/, changesMailed)).body).toContain('Changed: config');
    const [audited] = await stack.orm.em
      .fork()
      .execute<Array<{ action: string }>>(
        `select action from audit_events where event_type = 'sso.connection_trust_changed' and target_id = ? order by created_at desc limit 1`,
        [id],
      );
    expect(audited?.action).toBe('config');
  });

  it('a signed-in user links an identity to their own account (link mode), and it signs them in afterwards', async () => {
    const owner = await registerAt('boss@corp-link.test');
    const created = await stack.http
      .post('/api/v1/sso/connections')
      .set(bearer(owner.token))
      .send(oidcConnection(legit, 'corp-link.test'))
      .expect(201);
    legit.addAccount({ email: owner.email, sub: 'boss-at-legit' });
    const started = await ssoBrowser(stack)
      .post('/api/v1/sso/link')
      .set(bearer(owner.token))
      .send({ connection_id: created.body.data.id })
      .expect(200);
    const linked = await signIn(started.body.data.authorization_url, 'boss-at-legit');
    expect(linked.status).toBe(200);
    expect(linked.body.user.id).toBe(owner.id);
    const again = await signIn(await initiate(created.body.data.id), 'boss-at-legit');
    expect(again.body.user?.id).toBe(owner.id);
    // A link-mode sign-in that comes back with someone else's email links nothing.
    legit.addAccount({ email: 'someone@corp-link.test', sub: 'someone' });
    const wrong = await ssoBrowser(stack)
      .post('/api/v1/sso/link')
      .set(bearer(owner.token))
      .send({ connection_id: created.body.data.id })
      .expect(200);
    expect((await signIn(wrong.body.data.authorization_url, 'someone')).status).toBe(401);
    // An API key is nobody's browser: it cannot start a link.
    const key = await createApiKey(stack.http, owner.token, { name: 'linker', permissions: ['settings:read'] });
    const byKey = await ssoBrowser(stack)
      .post('/api/v1/sso/link')
      .set('X-API-Key', key.api_key)
      .send({ connection_id: created.body.data.id })
      .expect(403);
    expect(byKey.body.code).toBe('INSUFFICIENT_PERMISSIONS');
  });

  it("a first sign-in of a new email still creates a user with the connection's default role, linked to its identity", async () => {
    const owner = await registerAt('boss@corp-new.test');
    const created = await stack.http
      .post('/api/v1/sso/connections')
      .set(bearer(owner.token))
      .send(oidcConnection(legit, 'corp-new.test', { default_role: 'engineer' }))
      .expect(201);
    legit.addAccount({ email: 'newbie@corp-new.test', sub: 'newbie-sub' });
    // An unverified domain creates nobody: a claim alone must not mint accounts for another company's addresses.
    const unverified = await signIn(await initiate(created.body.data.id), 'newbie-sub');
    expect({ status: unverified.status, code: unverified.body.code }).toEqual({ status: 401, code: 'SSO_FAILED' });
    expect(await stack.orm.em.fork().execute('select id from users where email = ?', ['newbie@corp-new.test'])).toEqual([]);
    expect((await verify(owner.token, created.body.data)).status).toBe(200);
    const first = await signIn(await initiate(created.body.data.id), 'newbie-sub');
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ email: 'newbie@corp-new.test', role: 'engineer' });
    const second = await signIn(await initiate(created.body.data.id), 'newbie-sub');
    expect(second.body.user?.id).toBe(first.body.user.id);
  });

  it('an OIDC client secret does not follow the issuer to another host: the edit must carry it again', async () => {
    const owner = await registerAt('boss@corp-secret.test');
    const created = await stack.http
      .post('/api/v1/sso/connections')
      .set(bearer(owner.token))
      .send(oidcConnection(legit, 'corp-secret.test'))
      .expect(201);
    const id = created.body.data.id as string;
    const moved = await stack.http
      .patch(`/api/v1/sso/connections/${id}`)
      .set(bearer(owner.token))
      .send({ config: { issuer: rogue.issuer } })
      .expect(422);
    expect(moved.body.errors.map((error: { path: string }) => error.path)).toEqual(['body.config.client_secret']);
    await stack.http
      .patch(`/api/v1/sso/connections/${id}`)
      .set(bearer(owner.token))
      .send({ config: { issuer: rogue.issuer, client_secret: rogue.clientSecret } })
      .expect(200);
    // Same scheme, host and port: the stored secret stays.
    await stack.http
      .patch(`/api/v1/sso/connections/${id}`)
      .set(bearer(owner.token))
      .send({ config: { issuer: `${rogue.issuer}/`, scopes: ['openid', 'email'] } })
      .expect(200);
  });

  it('a squatted domain routes nothing until verified by DNS; the first to verify holds it; the zone moves it', async () => {
    const squatter = await registerOwner(stack.http, 'squatter');
    const victim = await registerOwner(stack.http, 'victim');
    const squatted = await stack.http
      .post('/api/v1/sso/connections')
      .set(bearer(squatter.token))
      .send(oidcConnection(rogue, 'victimcorp.test'))
      .expect(201);
    expect(squatted.body.data.domain_verifications).toEqual([
      {
        domain: 'victimcorp.test',
        verified: false,
        verified_at: null,
        record_name: '_tocsin-challenge.victimcorp.test',
        record_type: 'TXT',
        record_value: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ]);
    // Unverified: email routing does not reach the squatter's identity provider.
    await ssoBrowser(stack).get('/api/v1/sso/initiate').query({ email: 'jane@victimcorp.test' }).expect(404);
    // The claim does not block the domain's real owner.
    const own = await stack.http
      .post('/api/v1/sso/connections')
      .set(bearer(victim.token))
      .send(oidcConnection(legit, 'victimcorp.test'))
      .expect(201);
    // The squatter cannot verify without the zone.
    const unproven = await stack.http
      .post(`/api/v1/sso/connections/${squatted.body.data.id}/domains/victimcorp.test/verify`)
      .set(bearer(squatter.token))
      .expect(409);
    expect(unproven.body.detail).toMatch(/No TXT record _tocsin-challenge\.victimcorp\.test/);

    const verified = (await verify(victim.token, own.body.data)).body;
    expect(verified.data.domain_verifications[0]).toMatchObject({ domain: 'victimcorp.test', verified: true });
    const routed = await ssoBrowser(stack)
      .get('/api/v1/sso/initiate')
      .query({ email: 'jane@victimcorp.test' })
      .set('Accept', 'application/json')
      .expect(200);
    expect(routed.body.data.authorization_url).toMatch(new RegExp(`^${legit.issuer}/`));

    // Both tokens in the zone: the holder keeps it.
    const victimToken = own.body.data.domain_verifications[0].record_value as string;
    const squatterToken = squatted.body.data.domain_verifications[0].record_value as string;
    dns.setTxt('_tocsin-challenge.victimcorp.test', victimToken, squatterToken);
    await stack.http
      .post(`/api/v1/sso/connections/${squatted.body.data.id}/domains/victimcorp.test/verify`)
      .set(bearer(squatter.token))
      .expect(409);
    // The zone drops the holder's record: the next verification moves the domain.
    dns.setTxt('_tocsin-challenge.victimcorp.test', squatterToken);
    await stack.http
      .post(`/api/v1/sso/connections/${squatted.body.data.id}/domains/victimcorp.test/verify`)
      .set(bearer(squatter.token))
      .expect(200);
    const after = await stack.http.get(`/api/v1/sso/connections/${own.body.data.id}`).set(bearer(victim.token)).expect(200);
    expect(after.body.data.domain_verifications[0].verified).toBe(false);
  });
});
