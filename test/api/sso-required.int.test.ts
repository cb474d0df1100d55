import { createCredentialStore } from '../../api/services/credential-store.ts';
import { createCredentialLookupStore } from '../../shared/db/access/credentials.ts';
import { createSessionService } from '../../api/services/session.service.ts';
import { createSessionStore } from '../../shared/db/access/sessions.ts';
import { createTokenService } from '../../shared/auth/tokens.ts';
import { addMember, bearer, type Member } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

const MAX_FAILURES = 3;

// `sso_required` refuses members a password session: the answer to a wrong password must say
// nothing about it (nor whether the account exists), and sessions opened by password before the
// setting must not outlive it.
describe('sso_required (integration: real PostgreSQL)', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;

  beforeAll(async () => {
    stack = await startTestStack({
      env: { LOGIN_MAX_FAILURES: String(MAX_FAILURES), LOGIN_FAILURE_WINDOW_SECONDS: '900', LOGIN_LOCK_SECONDS: '900' },
    });
    owner = await registerOwner(stack.http, 'sso-required');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const setSsoRequired = (value: boolean) =>
    stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ sso_required: value }).expect(200);
  const login = (email: string, password: string) => stack.http.post('/api/v1/auth/login').send({ email, password });
  const refresh = (refreshToken: string) => stack.http.post('/api/v1/auth/refresh').send({ refresh_token: refreshToken });
  const loginRefreshToken = async (member: Member) => (await login(member.email, member.password).expect(200)).body.refresh_token as string;

  it('answers a wrong password as for an unknown account (401 after the hash, counted); SSO_REQUIRED only to the right one', async () => {
    const engineer = await addMember(stack, owner.token, 'engineer', 'oracle');
    await setSsoRequired(true);
    try {
      const shape = (response: { status: number; body: Record<string, unknown> }) => ({
        status: response.status,
        code: response.body.code,
        detail: response.body.detail,
        keys: Object.keys(response.body).sort(),
      });
      const unknown = await login(`nobody-${engineer.email}`, 'wrong 1');
      const wrong = await login(engineer.email, 'wrong 1');
      // Nothing in the answer tells the member's account from one that does not exist.
      expect(shape(wrong)).toEqual(shape(unknown));
      expect(shape(wrong)).toMatchObject({ status: 401, code: 'INVALID_TOKEN' });
      const right = await login(engineer.email, engineer.password).expect(403);
      expect(right.body.code).toBe('SSO_REQUIRED');
      // Wrong passwords count like any account's: the threshold locks it, then even the right one gets 423.
      const statuses: number[] = [];
      for (let attempt = 2; attempt <= MAX_FAILURES; attempt += 1) statuses.push((await login(engineer.email, `wrong ${attempt}`)).status);
      expect(statuses).toContain(423);
      expect((await login(engineer.email, engineer.password).expect(423)).body.code).toBe('ACCOUNT_LOCKED');
    } finally {
      await setSsoRequired(false);
    }
  });

  it('does not clear the lockout count: a right password under sso_required is no reset', async () => {
    const engineer = await addMember(stack, owner.token, 'engineer', 'no-reset');
    for (let attempt = 1; attempt < MAX_FAILURES; attempt += 1) await login(engineer.email, `wrong ${attempt}`).expect(401);
    await setSsoRequired(true);
    try {
      await login(engineer.email, engineer.password).expect(403);
    } finally {
      await setSsoRequired(false);
    }
    // The failures before still count: the next wrong password is the one that locks.
    const locked = await login(engineer.email, 'one wrong too many').expect(423);
    expect(locked.body.code).toBe('ACCOUNT_LOCKED');
  });

  it("ends members' password sessions when it turns on, keeps owners' and members' SSO sessions", async () => {
    const engineer = await addMember(stack, owner.token, 'engineer', 'session');
    const engineerRefresh = await loginRefreshToken(engineer);
    const ownerLogin = await login(owner.email, owner.password).expect(200);
    // An SSO session of the same engineer, started as the SSO callback starts one.
    const { config } = stack;
    const tokens = createTokenService({
      secret: config.JWT_SECRET as string,
      accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
      issuer: 'tocsin',
    });
    const em = () => stack.orm.em.fork();
    const cache = stack.requestCaches.credentials;
    const sessions = createSessionService({
      sessions: () => createSessionStore(em()),
      tokens,
      accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      credentials: createCredentialStore({ lookups: () => createCredentialLookupStore(em()), cache }),
      cache,
    });
    const sso = await sessions.start({
      userId: engineer.user.id,
      organizationId: owner.organization.id,
      role: 'engineer',
      authMethod: 'sso',
    });
    await stack.http.get('/api/v1/auth/me').set(bearer(engineer.token)).expect(200);

    await setSsoRequired(true);
    try {
      const me = await stack.http.get('/api/v1/auth/me').set(bearer(engineer.token)).expect(401);
      expect(me.body.code).toBe('INVALID_TOKEN');
      await refresh(engineerRefresh).expect(401);
      await stack.http.get('/api/v1/auth/me').set(bearer(ownerLogin.body.access_token)).expect(200);
      await refresh(ownerLogin.body.refresh_token).expect(200);
      const ssoMe = await stack.http.get('/api/v1/auth/me').set(bearer(sso.access_token)).expect(200);
      expect(ssoMe.body.data.auth_method).toBe('sso');
      await refresh(sso.refresh_token).expect(200);
    } finally {
      await setSsoRequired(false);
    }
  });

  it('ends the password session of an owner demoted while it is on, at its next refresh', async () => {
    const second = await addMember(stack, owner.token, 'owner', 'second-owner');
    const refreshToken = await loginRefreshToken(second);
    await setSsoRequired(true);
    try {
      // An owner keeps the password session.
      const kept = await refresh(refreshToken).expect(200);
      await stack.http.patch(`/api/v1/users/${second.user.id}`).set(bearer(owner.token)).send({ role: 'admin' }).expect(200);
      const ended = await refresh(kept.body.refresh_token).expect(401);
      expect(ended.body.detail).toMatch(/single sign-on/);
      await login(second.email, second.password).expect(403);
    } finally {
      await setSsoRequired(false);
    }
  });
});
