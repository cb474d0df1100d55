import { createApiKey } from '../helpers/api-keys.ts';
import { addMember, bearer } from '../helpers/members.ts';
import { signInAt, startOpenIdProvider, type TestOpenIdProvider } from '../helpers/oidc-provider.ts';
import { verifyConnectionDomains, type TestDnsServer } from '../helpers/dns-server.ts';
import { CALLBACK, startSsoStack, ssoBrowser } from '../helpers/sso-stack.ts';
import { registerOwner, type TestStack } from '../helpers/stack.ts';

describe('Only an owner makes an owner: SSO default_role, invitations, role changes (integration: real PostgreSQL)', () => {
  let stack: TestStack;
  let provider: TestOpenIdProvider;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let dns: TestDnsServer;

  beforeAll(async () => {
    ({ stack, dns } = await startSsoStack({ PLAN_MEMBERS_LIMIT: '100' }));
    provider = await startOpenIdProvider({ redirectUri: CALLBACK });
    owner = await registerOwner(stack.http, 'roles');
  });
  afterAll(async () => {
    await provider?.stop();
    await stack?.stop();
    await dns?.stop();
  });

  const connection = (defaultRole: string, domain: string) => ({
    name: 'IdP',
    kind: 'oidc',
    domains: [domain],
    default_role: defaultRole,
    config: { issuer: provider.issuer, client_id: provider.clientId, client_secret: provider.clientSecret },
  });

  it("refuses owner as a connection's default role, to an admin's API key with settings:update and to the owner alike", async () => {
    const admin = await addMember(stack, owner.token, 'admin');
    const key = await createApiKey(stack.http, admin.token, { name: 'settings', permissions: ['settings:update'] });
    const asKey = { 'X-API-Key': key.api_key };

    const created = await stack.http.post('/api/v1/sso/connections').set(asKey).send(connection('owner', 'roles-a.test')).expect(422);
    expect(created.body.errors.map((error: { path: string }) => error.path)).toContain('body.default_role');
    await stack.http.post('/api/v1/sso/connections').set(bearer(owner.token)).send(connection('owner', 'roles-a.test')).expect(422);

    const made = await stack.http.post('/api/v1/sso/connections').set(asKey).send(connection('engineer', 'roles-a.test')).expect(201);
    const patched = await stack.http
      .patch(`/api/v1/sso/connections/${made.body.data.id}`)
      .set(asKey)
      .send({ default_role: 'owner' })
      .expect(422);
    expect(patched.body.code).toBe('VALIDATION_ERROR');
    const read = await stack.http.get(`/api/v1/sso/connections/${made.body.data.id}`).set(asKey).expect(200);
    expect(read.body.data.default_role).toBe('engineer');

    // Whatever is stored, a first sign-in never creates an owner (on a verified domain, where it could create a user).
    await verifyConnectionDomains(stack.http, bearer(owner.token), dns, read.body.data);
    await stack.orm.em.fork().execute(`update sso_connections set default_role = 'owner' where id = ?`, [made.body.data.id]);
    provider.addAccount({ email: 'newcomer@roles-a.test' });
    const url = await ssoBrowser(stack)
      .get('/api/v1/sso/initiate')
      .query({ connection_id: made.body.data.id })
      .set('Accept', 'application/json')
      .expect(200);
    const callback = await signInAt(url.body.data.authorization_url, 'newcomer@roles-a.test', { stopAt: CALLBACK });
    const refused = await ssoBrowser(stack).get(`${callback.pathname}${callback.search}`);
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 401, code: 'SSO_FAILED' });
    const users = await stack.orm.em.fork().execute('select role from users where email = ?', ['newcomer@roles-a.test']);
    expect(users).toEqual([]);
  });

  it('refuses a role above the caller: admins invite and promote up to admin, never owner', async () => {
    const admin = await addMember(stack, owner.token, 'admin');
    const invited = await stack.http
      .post('/api/v1/invitations')
      .set(bearer(admin.token))
      .send({ email: 'would-be-owner@example.test', role: 'owner' })
      .expect(403);
    expect(invited.body.code).toBe('INSUFFICIENT_PERMISSIONS');
    const engineer = await addMember(stack, owner.token, 'engineer');
    await stack.http.patch(`/api/v1/users/${engineer.user.id}`).set(bearer(admin.token)).send({ role: 'owner' }).expect(403);
    await stack.http.patch(`/api/v1/users/${engineer.user.id}`).set(bearer(admin.token)).send({ role: 'admin' }).expect(200);
  });
});
