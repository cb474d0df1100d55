import { randomUUID } from 'node:crypto';
import { PLAN_QUOTAS } from '../../shared/domain/billing.ts';
import { addMember, bearer, INVITATION_SUBJECT, invitationTokenIn } from '../helpers/members.ts';
import { signInAt, startOpenIdProvider, type TestOpenIdProvider } from '../helpers/oidc-provider.ts';
import { waitForMail } from '../helpers/outbox.ts';
import { verifyConnectionDomains, type TestDnsServer } from '../helpers/dns-server.ts';
import { CALLBACK, ssoBrowser, startSsoStack } from '../helpers/sso-stack.ts';
import { registerOwner, type TestStack } from '../helpers/stack.ts';

const FREE = PLAN_QUOTAS.free;

describe('plan quotas: members and integrations (integration: real PostgreSQL, Temporal, an OpenID Provider on loopback)', () => {
  let stack: TestStack;
  let provider: TestOpenIdProvider;
  let dns: TestDnsServer;

  beforeAll(async () => {
    // Plans cap seats and integrations only where billing is configured (no request reaches Stripe here).
    ({ stack, dns } = await startSsoStack({ STRIPE_SECRET_KEY: 'sk_test_quotas' }));
    provider = await startOpenIdProvider({ redirectUri: CALLBACK });
  });
  afterAll(async () => {
    await provider?.stop();
    await stack?.stop();
    await dns?.stop();
  });

  const db = () => stack.orm.em.fork();
  const count = async (table: 'users' | 'integrations', organizationId: string) =>
    Number(
      (await db().execute<Array<{ n: number }>>(`select count(*)::int as n from ${table} where organization_id = ?`, [organizationId]))[0]
        ?.n,
    );
  const expectOverQuota = (response: { status: number; body: Record<string, unknown> }, resource: 'members' | 'integrations') =>
    expect({ status: response.status, body: response.body }).toEqual({
      status: 402,
      body: expect.objectContaining({ code: 'PLAN_LIMIT_REACHED', status_code: 402, resource, limit: FREE[resource], plan: 'free' }),
    });
  const createIntegration = (token: string, name: string) =>
    stack.http.post('/api/v1/integrations').set(bearer(token)).send({ name, platform: 'metrics_alerts' });
  /** An invitation and the token its mail carries, not yet accepted. */
  const invite = async (inviterToken: string) => {
    const email = `quota-${randomUUID().slice(0, 8)}@example.test`;
    await stack.http.post('/api/v1/invitations').set(bearer(inviterToken)).send({ email, role: 'engineer' }).expect(201);
    return { email, token: invitationTokenIn(await waitForMail(stack, email, INVITATION_SUBJECT)) };
  };
  const accept = (token: string) =>
    stack.http.post('/api/v1/invitations/accept').send({ token, name: 'Quota member', password: 'member password 123' });
  /** Members up to `total` (the owner included). */
  const fillMembers = async (owner: { token: string }, total: number) => {
    for (let i = 1; i < total; i += 1) await addMember(stack, owner.token, 'viewer', `filler${i}`);
  };

  it("refuses the integration beyond the plan's quota with 402 PLAN_LIMIT_REACHED; another organization is not affected; a removal makes room", async () => {
    const owner = await registerOwner(stack.http, 'quota-integrations');
    const created: string[] = [];
    for (let i = 0; i < FREE.integrations; i += 1)
      created.push((await createIntegration(owner.token, `Integration ${i}`).expect(201)).body.data.id);
    expectOverQuota(await createIntegration(owner.token, 'One too many'), 'integrations');
    expect(await count('integrations', owner.organization.id)).toBe(FREE.integrations);

    const other = await registerOwner(stack.http, 'quota-other');
    await createIntegration(other.token, 'Elsewhere').expect(201);

    await stack.http.delete(`/api/v1/integrations/${created[0]}`).set(bearer(owner.token)).expect(204);
    await createIntegration(owner.token, 'In the freed place').expect(201);
    const billing = await stack.http.get('/api/v1/billing').set(bearer(owner.token)).expect(200);
    expect(billing.body.data).toMatchObject({ limits: { integrations: FREE.integrations }, usage: { integrations: FREE.integrations } });
  });

  it('lets exactly one of several concurrent integration creates at quota - 1 through', async () => {
    const owner = await registerOwner(stack.http, 'quota-race');
    for (let i = 0; i < FREE.integrations - 1; i += 1) await createIntegration(owner.token, `Integration ${i}`).expect(201);
    const responses = await Promise.all([0, 1, 2, 3].map((i) => createIntegration(owner.token, `Racing ${i}`)));
    expect(responses.map((response) => response.status).sort()).toEqual([201, 402, 402, 402]);
    expect(await count('integrations', owner.organization.id)).toBe(FREE.integrations);
  });

  it('refuses inviting, and accepting an invitation, at the member quota; the invitation stays usable once a seat is free', async () => {
    const owner = await registerOwner(stack.http, 'quota-members');
    const pending = await invite(owner.token);
    await fillMembers(owner, FREE.members);
    const refusedEmail = `quota-refused-${randomUUID().slice(0, 8)}@example.test`;
    expectOverQuota(
      await stack.http.post('/api/v1/invitations').set(bearer(owner.token)).send({ email: refusedEmail, role: 'engineer' }),
      'members',
    );
    const [invitedAtQuota] = await db().execute<Array<{ n: number }>>('select count(*)::int as n from invitations where email = ?', [
      refusedEmail,
    ]);
    expect(invitedAtQuota?.n).toBe(0);
    expectOverQuota(await accept(pending.token), 'members');
    expect(await count('users', owner.organization.id)).toBe(FREE.members);
    const [left] = await db().execute<Array<{ id: string }>>(`select id from users where organization_id = ? and role = 'viewer' limit 1`, [
      owner.organization.id,
    ]);
    await stack.http.delete(`/api/v1/users/${left?.id}`).set(bearer(owner.token)).expect(204);
    const accepted = await accept(pending.token).expect(201);
    expect(accepted.body.data.user).toMatchObject({ email: pending.email, organization_id: owner.organization.id });
  });

  it('lets exactly one of two concurrent acceptances at quota - 1 through', async () => {
    const owner = await registerOwner(stack.http, 'quota-accept-race');
    const first = await invite(owner.token);
    const second = await invite(owner.token);
    await fillMembers(owner, FREE.members - 1);
    const responses = await Promise.all([accept(first.token), accept(second.token)]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 402]);
    expect(await count('users', owner.organization.id)).toBe(FREE.members);
  });

  it('refuses a first SSO sign-in (just-in-time provisioning) beyond the member quota, audited; concurrent first sign-ins at quota - 1 create one', async () => {
    const owner = await registerOwner(stack.http, 'quota-sso');
    const domain = `quota-${randomUUID().slice(0, 8)}.test`;
    const connection = await stack.http
      .post('/api/v1/sso/connections')
      .set(bearer(owner.token))
      .send({
        name: 'Quota IdP',
        kind: 'oidc',
        domains: [domain],
        default_role: 'viewer',
        config: { issuer: provider.issuer, client_id: provider.clientId, client_secret: provider.clientSecret },
      })
      .expect(201);
    await verifyConnectionDomains(stack.http, bearer(owner.token), dns, connection.body.data);
    const signIn = async (email: string) => {
      provider.addAccount({ email, name: email });
      // One browser: the sign-in state is bound to the browser that started it (a cookie).
      const started = await ssoBrowser(stack)
        .get('/api/v1/sso/initiate')
        .query({ connection_id: connection.body.data.id })
        .set('Accept', 'application/json')
        .expect(200);
      const redirect = await signInAt(started.body.data.authorization_url, email, { stopAt: CALLBACK });
      return () => ssoBrowser(stack).get(`${redirect.pathname}${redirect.search}`);
    };

    await fillMembers(owner, FREE.members - 1);
    const racing = await Promise.all([signIn(`ann@${domain}`), signIn(`bob@${domain}`)]);
    const responses = await Promise.all(racing.map((deliver) => deliver()));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 402]);
    expect(await count('users', owner.organization.id)).toBe(FREE.members);

    const refused = await (await signIn(`cid@${domain}`))();
    expectOverQuota(refused, 'members');
    const users = await db().execute<unknown[]>('select 1 from users where email = ?', [`cid@${domain}`]);
    expect(users).toHaveLength(0);
    const refusals = await db().execute<Array<{ status_code: number }>>(
      `select status_code from audit_events where organization_id = ? and event_type = 'sso.login_refused'`,
      [owner.organization.id],
    );
    expect(refusals.map((row) => row.status_code)).toEqual([402, 402]);
  });
});
