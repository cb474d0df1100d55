import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiKey } from '../helpers/api-keys.ts';
import type { TestDnsServer } from '../helpers/dns-server.ts';
import { addMember, bearer } from '../helpers/members.ts';
import { answerFor, signInAt, startOpenIdProvider, type TestOpenIdProvider } from '../helpers/oidc-provider.ts';
import { CALLBACK, PUBLIC_URL, startSsoStack, ssoBrowser } from '../helpers/sso-stack.ts';
import { registerOwner, type TestStack } from '../helpers/stack.ts';

describe('OIDC single sign-on against a real OpenID Provider (integration: oidc-provider on loopback, real PostgreSQL)', () => {
  let stack: TestStack;
  let provider: TestOpenIdProvider;
  let dns: TestDnsServer;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let connectionId: string;

  beforeAll(async () => {
    // One organization signs in more people than the free plan's seats (quotas: plan-quotas.int.test.ts).
    ({ stack, dns } = await startSsoStack({ PLAN_MEMBERS_LIMIT: '100' }));
    provider = await startOpenIdProvider({ redirectUri: CALLBACK });
    owner = await registerOwner(stack.http, 'sso');
    const created = await stack.http
      .post('/api/v1/sso/connections')
      .set(bearer(owner.token))
      .send({
        name: 'Test IdP',
        kind: 'oidc',
        domains: ['acme-sso.test'],
        default_role: 'engineer',
        config: { issuer: provider.issuer, client_id: provider.clientId, client_secret: provider.clientSecret },
      })
      .expect(201);
    connectionId = created.body.data.id;
    // The domain routes sign-ins by email once its DNS record is published and verified.
    dns.setTxt('_tocsin-challenge.acme-sso.test', created.body.data.domain_verifications[0].record_value);
    await stack.http.post(`/api/v1/sso/connections/${connectionId}/domains/acme-sso.test/verify`).set(bearer(owner.token)).expect(200);
  });
  afterAll(async () => {
    await provider?.stop();
    await stack?.stop();
    await dns?.stop();
  });

  const db = () => stack.orm.em.fork();
  const usersNamed = async (email: string) =>
    db().execute<Array<{ id: string; organization_id: string; role: string }>>(
      'select id, organization_id, role from users where email = ?',
      [email],
    );
  const userCount = async () => Number((await db().execute<Array<{ n: string }>>('select count(*) as n from users'))[0]?.n);
  const auditTypes = async (organizationId: string) =>
    (
      await db().execute<Array<{ event_type: string }>>(
        `select event_type from audit_events where organization_id = ? and event_type in ('sso.login', 'sso.login_refused', 'sso.user_provisioned') order by created_at`,
        [organizationId],
      )
    ).map((row) => row.event_type);

  /** initiate → JSON authorization URL. */
  const initiate = async (query: Record<string, string> = { connection_id: connectionId }) => {
    const response = await ssoBrowser(stack).get('/api/v1/sso/initiate').query(query).set('Accept', 'application/json').expect(200);
    return response.body.data.authorization_url as string;
  };
  /** Delivers the provider's redirect to the API, as the browser would. */
  const deliver = (redirect: URL) => ssoBrowser(stack).get(`${redirect.pathname}${redirect.search}`);
  const expectRefused = (response: { status: number; body: { code?: string; detail?: string } }, detail?: RegExp) => {
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 401, code: 'SSO_FAILED' });
    if (detail) expect(response.body.detail).toMatch(detail);
  };

  it('manages connections: owners and admins only, secrets write-only and sealed, a verified domain held by one connection', async () => {
    const read = await stack.http.get(`/api/v1/sso/connections/${connectionId}`).set(bearer(owner.token)).expect(200);
    expect(read.body.data).toMatchObject({
      id: connectionId,
      kind: 'oidc',
      domains: ['acme-sso.test'],
      domain_verifications: [expect.objectContaining({ domain: 'acme-sso.test', verified: true })],
      default_role: 'engineer',
      enabled: true,
      issuer: provider.issuer,
      redirect_uri: CALLBACK,
      config: { issuer: provider.issuer, client_id: provider.clientId, has_client_secret: true },
    });
    expect(JSON.stringify(read.body)).not.toContain(provider.clientSecret);
    const [stored] = await db().execute<Array<{ secrets_ciphertext: string; config: unknown }>>(
      'select secrets_ciphertext, config from sso_connections where id = ?',
      [connectionId],
    );
    expect(stored?.secrets_ciphertext).toMatch(/^v1:/);
    expect(JSON.stringify(stored)).not.toContain(provider.clientSecret);

    const engineer = await addMember(stack, owner.token, 'engineer');
    await stack.http.get('/api/v1/sso/connections').set(bearer(engineer.token)).expect(403);
    const admin = await addMember(stack, owner.token, 'admin');
    const listed = await stack.http.get('/api/v1/sso/connections').set(bearer(admin.token)).expect(200);
    expect(listed.body.meta.total).toBe(1);

    // Another organization may claim the domain, but not verify it while this connection's record is published.
    const other = await registerOwner(stack.http, 'other');
    const claimed = await stack.http
      .post('/api/v1/sso/connections')
      .set(bearer(other.token))
      .send({
        name: 'Grab',
        kind: 'google',
        domains: ['acme-sso.test'],
        config: { hosted_domain: 'acme-sso.test', client_id: 'x', client_secret: 'y' },
      })
      .expect(201);
    const taken = await stack.http
      .post(`/api/v1/sso/connections/${claimed.body.data.id}/domains/acme-sso.test/verify`)
      .set(bearer(other.token))
      .expect(409);
    expect(taken.body.code).toBe('CONFLICT');
    // Another organization sees none of it.
    await stack.http.get(`/api/v1/sso/connections/${connectionId}`).set(bearer(other.token)).expect(404);

    const invalid = await stack.http
      .post('/api/v1/sso/connections')
      .set(bearer(owner.token))
      .send({
        name: 'Azure',
        kind: 'azure',
        domains: ['acme-azure.test'],
        config: { tenant_id: 'common', client_id: 'x', client_secret: 'y' },
      })
      .expect(422);
    expect(invalid.body.errors.map((error: { path: string }) => error.path)).toContain('body.config.tenant_id');
    const plainHttp = await stack.http
      .post('/api/v1/sso/connections')
      .set(bearer(owner.token))
      .send({
        name: 'Plain',
        kind: 'oidc',
        domains: ['plain-sso.test'],
        config: { issuer: 'http://idp.plain-sso.test', client_id: 'x', client_secret: 'y' },
      })
      .expect(422);
    expect(plainHttp.body.errors.map((error: { path: string }) => error.path)).toContain('body.config.issuer');

    // A PATCH without client_secret keeps the stored one (the sign-ins below still work with it).
    const renamed = await stack.http
      .patch(`/api/v1/sso/connections/${connectionId}`)
      .set(bearer(owner.token))
      .send({ name: 'Renamed', config: { scopes: ['openid', 'email', 'profile'] } })
      .expect(200);
    expect(renamed.body.data).toMatchObject({
      name: 'Renamed',
      config: { has_client_secret: true, scopes: ['openid', 'email', 'profile'] },
    });
  });

  it('signs a new user in over the whole flow, creating them with the default role; the tokens work and say auth_method sso', async () => {
    provider.addAccount({ email: 'alice@acme-sso.test', name: 'Alice' });
    const redirectTo = await ssoBrowser(stack).get('/api/v1/sso/initiate').query({ email: 'Alice@acme-sso.test' }).expect(302);
    expect(redirectTo.headers.location).toMatch(new RegExp(`^${provider.issuer}/`));
    expect(redirectTo.headers['x-ratelimit-limit']).toBeDefined();

    const callback = await signInAt(await initiate(), 'alice@acme-sso.test', { stopAt: CALLBACK });
    const signedIn = await deliver(callback).expect(200);
    expect(signedIn.body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      user: { email: 'alice@acme-sso.test', name: 'Alice', role: 'engineer', organization_id: owner.organization.id, email_verified: true },
    });
    expect([signedIn.headers['set-cookie']].flat().join(';')).toContain('access_token=');
    const me = await stack.http.get('/api/v1/auth/me').set(bearer(signedIn.body.access_token)).expect(200);
    expect(me.body.data).toMatchObject({ id: signedIn.body.user.id, auth_method: 'sso', role: 'engineer' });
    // The method survives a refresh.
    const refreshed = await stack.http.post('/api/v1/auth/refresh').send({ refresh_token: signedIn.body.refresh_token }).expect(200);
    await stack.http
      .get('/api/v1/auth/me')
      .set(bearer(refreshed.body.access_token))
      .expect(200)
      .expect((response) => expect(response.body.data.auth_method).toBe('sso'));
    await stack.http
      .get('/api/v1/auth/me')
      .set(bearer(owner.token))
      .expect(200)
      .expect((response) => expect(response.body.data.auth_method).toBe('password'));
    const key = await createApiKey(stack.http, owner.token, { name: 'owner key', permissions: ['incidents:read'] });
    await stack.http
      .get('/api/v1/auth/me')
      .set('X-API-Key', key.api_key)
      .expect(200)
      .expect((response) => expect(response.body.data.auth_method).toBe('api_key'));

    // The second sign-in finds the same user.
    const again = await deliver(await signInAt(await initiate(), 'alice@acme-sso.test', { stopAt: CALLBACK })).expect(200);
    expect(again.body.user.id).toBe(signedIn.body.user.id);
    expect(await usersNamed('alice@acme-sso.test')).toHaveLength(1);
    expect(await auditTypes(owner.organization.id)).toEqual(['sso.user_provisioned', 'sso.login', 'sso.login']);

    // Replaying the callback: the state was spent.
    expectRefused(await deliver(callback), /already used/);
  });

  it('accepts the answer as a form_post (POST /sso/callback), once', async () => {
    provider.addAccount({ email: 'fiona@acme-sso.test' });
    const url = new URL(await initiate());
    url.searchParams.set('response_mode', 'form_post');
    const answer = await answerFor(url.href, 'fiona@acme-sso.test', { stopAt: CALLBACK });
    expect(answer.url.href).toBe(CALLBACK);
    expect(answer.form).toMatchObject({ code: expect.any(String), state: expect.any(String) });
    const post = () =>
      ssoBrowser(stack)
        .post('/api/v1/sso/callback')
        .type('form')
        .send(answer.form as Record<string, string>);
    const signedIn = await post().expect(200);
    expect(signedIn.body.user).toMatchObject({ email: 'fiona@acme-sso.test', organization_id: owner.organization.id });
    expectRefused(await post(), /already used/);
  });

  it('redirects to a same-origin redirect_to with the cookies set, and ignores a foreign one', async () => {
    provider.addAccount({ email: 'rita@acme-sso.test' });
    const url = (
      await ssoBrowser(stack).get('/api/v1/sso/initiate').query({ connection_id: connectionId, redirect_to: '/app/incidents' }).expect(302)
    ).headers.location as string;
    const landed = await deliver(await signInAt(url, 'rita@acme-sso.test', { stopAt: CALLBACK })).expect(302);
    expect(landed.headers.location).toBe(`${PUBLIC_URL}/app/incidents`);
    expect([landed.headers['set-cookie']].flat().join(';')).toContain('access_token=');

    const foreign = (
      await ssoBrowser(stack)
        .get('/api/v1/sso/initiate')
        .query({ connection_id: connectionId, redirect_to: 'https://evil.test/' })
        .expect(302)
    ).headers.location as string;
    const answered = await deliver(await signInAt(foreign, 'rita@acme-sso.test', { stopAt: CALLBACK })).expect(200);
    expect(answered.body.access_token).toEqual(expect.any(String));
  });

  it('refuses an unknown state, creating nothing', async () => {
    const before = await userCount();
    expectRefused(await stack.http.get('/api/v1/sso/callback').query({ code: 'made-up', state: 'not-a-state' }), /Unknown or already used/);
    expectRefused(await stack.http.get('/api/v1/sso/callback').query({ code: 'made-up' }), /no state/);
    expect(await userCount()).toBe(before);
  });

  it('refuses a sign-in delivered through another browser than the one that started it (login CSRF), and spends its state', async () => {
    provider.addAccount({ email: 'csrf@acme-sso.test' });
    // The attacker starts a sign-in and signs in at the identity provider as themselves...
    const started = await ssoBrowser(stack).get('/api/v1/sso/initiate').query({ connection_id: connectionId }).expect(302);
    expect(String(started.headers['set-cookie'])).toMatch(/tocsin_sso_[0-9a-f]+=1;.*path=\/api\/v1\/sso\/callback;.*httponly/i);
    const callback = await signInAt(started.headers.location as string, 'csrf@acme-sso.test', { stopAt: CALLBACK });
    // ...and has the victim's browser, which holds no cookie for that state, deliver the answer.
    const victim = await stack.http.get(`${callback.pathname}${callback.search}`);
    expectRefused(victim, /not started in this browser/);
    expect(victim.headers['set-cookie'] ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/^access_token=/)]));
    expect(await usersNamed('csrf@acme-sso.test')).toEqual([]);
    // Spent: the browser that started it cannot finish it afterwards either.
    expectRefused(await deliver(callback), /already used/);
  });

  it('refuses an id_token whose nonce is not the one this sign-in sent', async () => {
    provider.addAccount({ email: 'nonce@acme-sso.test' });
    const url = new URL(await initiate());
    url.searchParams.set('nonce', 'attacker-chosen-nonce');
    expectRefused(await deliver(await signInAt(url.href, 'nonce@acme-sso.test', { stopAt: CALLBACK })), /"nonce" claim/);
    expect(await usersNamed('nonce@acme-sso.test')).toEqual([]);
    expect((await auditTypes(owner.organization.id)).at(-1)).toBe('sso.login_refused');
  });

  it('refuses a sign-in that outlived its state (10 minutes)', async () => {
    provider.addAccount({ email: 'slow@acme-sso.test' });
    const url = await initiate();
    const callback = await signInAt(url, 'slow@acme-sso.test', { stopAt: CALLBACK });
    // The clock is PostgreSQL's: age the pending sign-in past its end instead of waiting.
    await db().execute(`update sso_login_requests set expires_at = now() - interval '1 second'`);
    expectRefused(await deliver(callback), /10 minutes/);
    expect(await usersNamed('slow@acme-sso.test')).toEqual([]);
  });

  it('refuses an email whose domain is not mapped, or not verified', async () => {
    provider.addAccount({ email: 'dave@unmapped.test' });
    expectRefused(
      await deliver(await signInAt(await initiate(), 'dave@unmapped.test', { stopAt: CALLBACK })),
      /unmapped\.test is not one of/,
    );
    expect(await usersNamed('dave@unmapped.test')).toEqual([]);

    provider.addAccount({ email: 'unverified@acme-sso.test', email_verified: false });
    expectRefused(await deliver(await signInAt(await initiate(), 'unverified@acme-sso.test', { stopAt: CALLBACK })), /did not verify/);
    expect(await usersNamed('unverified@acme-sso.test')).toEqual([]);
  });

  it('refuses a user of another organization', async () => {
    await stack.http
      .post('/api/v1/auth/register')
      .send({ email: 'eve@acme-sso.test', password: 'eve password 123', name: 'Eve', organization_name: 'Elsewhere' })
      .expect(201);
    const [eve] = await usersNamed('eve@acme-sso.test');
    provider.addAccount({ email: 'eve@acme-sso.test' });
    const before = await userCount();
    expectRefused(await deliver(await signInAt(await initiate(), 'eve@acme-sso.test', { stopAt: CALLBACK })), /another organization/);
    expect(await usersNamed('eve@acme-sso.test')).toEqual([eve]);
    expect(await userCount()).toBe(before);
  });

  it("refuses an id_token from another issuer than the connection's", async () => {
    // A discovery document that names this issuer but another provider's endpoints: the tokens come back signed by, and naming, that other provider.
    const impostor = await startOpenIdProvider({ redirectUri: CALLBACK });
    impostor.addAccount({ email: 'mallory@acme-sso.test' });
    const front: Server = createServer((request, response) => {
      void (async () => {
        const metadata = (await (await fetch(`${impostor.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
        delete metadata.authorization_response_iss_parameter_supported;
        response.setHeader('content-type', 'application/json');
        response.end(request.url === '/.well-known/openid-configuration' ? JSON.stringify({ ...metadata, issuer: frontIssuer }) : '{}');
      })();
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const frontIssuer = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
    try {
      const created = await stack.http
        .post('/api/v1/sso/connections')
        .set(bearer(owner.token))
        .send({
          name: 'Front',
          kind: 'oidc',
          domains: ['front-sso.test'],
          config: { issuer: frontIssuer, client_id: impostor.clientId, client_secret: impostor.clientSecret },
        })
        .expect(201);
      impostor.addAccount({ email: 'mallory@front-sso.test' });
      const callback = await signInAt(await initiate({ connection_id: created.body.data.id }), 'mallory@front-sso.test', {
        stopAt: CALLBACK,
      });
      // The RFC 9207 `iss` parameter would give it away earlier; without it, the id_token's own `iss` must.
      callback.searchParams.delete('iss');
      expectRefused(await deliver(callback), /"iss" \(issuer\)/);
      expect(await usersNamed('mallory@front-sso.test')).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await impostor.stop();
    }
  });

  it('answers 404 SSO_CONNECTION_NOT_FOUND for unknown or disabled connections and unmapped emails', async () => {
    const missing = await ssoBrowser(stack)
      .get('/api/v1/sso/initiate')
      .query({ connection_id: '00000000-0000-4000-8000-000000000000' })
      .expect(404);
    expect(missing.body.code).toBe('SSO_CONNECTION_NOT_FOUND');
    await ssoBrowser(stack).get('/api/v1/sso/initiate').query({ email: 'x@nowhere.test' }).expect(404);
    await ssoBrowser(stack).get('/api/v1/sso/initiate').query({}).expect(422);

    const pending = await initiate();
    await stack.http.patch(`/api/v1/sso/connections/${connectionId}`).set(bearer(owner.token)).send({ enabled: false }).expect(200);
    try {
      await ssoBrowser(stack).get('/api/v1/sso/initiate').query({ connection_id: connectionId }).expect(404);
      provider.addAccount({ email: 'late@acme-sso.test' });
      expectRefused(await deliver(await signInAt(pending, 'late@acme-sso.test', { stopAt: CALLBACK })), /disabled/);
    } finally {
      await stack.http.patch(`/api/v1/sso/connections/${connectionId}`).set(bearer(owner.token)).send({ enabled: true }).expect(200);
    }
  });

  it('sso_required refuses password login to everyone but owners', async () => {
    const engineer = await addMember(stack, owner.token, 'engineer', 'pw-engineer');
    await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ sso_required: true }).expect(200);
    try {
      const refused = await stack.http.post('/api/v1/auth/login').send({ email: engineer.email, password: engineer.password }).expect(403);
      expect(refused.body.code).toBe('SSO_REQUIRED');
      // A wrong password is answered as for an unknown account (sso-required.int.test.ts).
      expect(
        (await stack.http.post('/api/v1/auth/login').send({ email: engineer.email, password: 'wrong password' }).expect(401)).body.code,
      ).toBe('INVALID_TOKEN');
      await stack.http.post('/api/v1/auth/login').send({ email: owner.email, password: owner.password }).expect(200);
    } finally {
      await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ sso_required: false }).expect(200);
    }
    await stack.http.post('/api/v1/auth/login').send({ email: engineer.email, password: engineer.password }).expect(200);
  });

  it('deleting a connection frees its domains and ends sign-ins through it', async () => {
    const created = await stack.http
      .post('/api/v1/sso/connections')
      .set(bearer(owner.token))
      .send({
        name: 'Short-lived',
        kind: 'okta',
        domains: ['short-sso.test'],
        config: { domain: 'short.okta.test', client_id: 'x', client_secret: 'y' },
      })
      .expect(201);
    expect(created.body.data.issuer).toBe('https://short.okta.test');
    await stack.http.delete(`/api/v1/sso/connections/${created.body.data.id}`).set(bearer(owner.token)).expect(204);
    await ssoBrowser(stack).get('/api/v1/sso/initiate').query({ email: 'x@short-sso.test' }).expect(404);
    const [{ n }] = (await db().execute<Array<{ n: string }>>('select count(*) as n from sso_domains where domain = ?', [
      'short-sso.test',
    ])) as [{ n: string }];
    expect(Number(n)).toBe(0);
  });
});
