import { waitFor } from '../../dev/wait-for.ts';
import { appDepsOver, httpOf } from '../helpers/app-deps.ts';
import { createApiKey } from '../helpers/api-keys.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

/** The jti a token carries (its payload, not verified). */
const jtiOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()).jti as string;

const cookiesOf = (response: { headers: Record<string, unknown> }): string[] =>
  ([] as string[]).concat((response.headers['set-cookie'] as string[]) ?? []);

/** A second API instance over the same database: another process, or the same one after a restart. */
const anotherApi = (stack: TestStack) => httpOf(appDepsOver(stack));

describe('sessions: expiry, refresh, logout (integration: real PostgreSQL)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ env: { LOGIN_MAX_FAILURES: '3', LOGIN_FAILURE_WINDOW_SECONDS: '60', LOGIN_LOCK_SECONDS: '2' } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('refreshes with the body or the cookie; the new access token works; an access token is no refresh token', async () => {
    const owner = await registerOwner(stack.http, 'refresh');
    const refreshed = await stack.http.post('/api/v1/auth/refresh').send({ refresh_token: owner.refreshToken }).expect(200);
    expect(Object.keys(refreshed.body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'token_type']);
    expect(refreshed.body).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(refreshed.body.access_token).not.toBe(owner.token);
    expect(refreshed.body.refresh_token).not.toBe(owner.refreshToken);
    expect(cookiesOf(refreshed).join(';')).toMatch(/access_token=[^;]+;.*httponly/i);
    expect(cookiesOf(refreshed).find((cookie) => cookie.startsWith('refresh_token='))).toContain(refreshed.body.refresh_token);
    const me = await stack.http.get('/api/v1/auth/me').set('Authorization', `Bearer ${refreshed.body.access_token}`).expect(200);
    expect(me.body.data.id).toBe(owner.user.id);

    await stack.http.post('/api/v1/auth/refresh').set('Cookie', `refresh_token=${refreshed.body.refresh_token}`).expect(200);

    const wrongType = await stack.http.post('/api/v1/auth/refresh').send({ refresh_token: owner.token }).expect(401);
    expect(wrongType.body.code).toBe('INVALID_TOKEN');
    const missing = await stack.http.post('/api/v1/auth/refresh').expect(401);
    expect(missing.body.code).toBe('INVALID_TOKEN');
  });

  it('refuses a logged-out access token and its refresh token, leaves other sessions alone and clears the cookies', async () => {
    const owner = await registerOwner(stack.http, 'logout');
    const other = await stack.http.post('/api/v1/auth/login').send({ email: owner.email, password: owner.password }).expect(200);
    const auth = `Bearer ${owner.token}`;
    await stack.http.get('/api/v1/auth/me').set('Authorization', auth).expect(200);

    const logout = await stack.http
      .post('/api/v1/auth/logout')
      .set('Authorization', auth)
      .send({ refresh_token: owner.refreshToken })
      .expect(200);
    expect(logout.body.data.message).toBe('Logged out');
    const cleared = cookiesOf(logout);
    for (const name of ['access_token', 'refresh_token']) {
      expect(cleared.find((cookie) => cookie.startsWith(`${name}=;`))).toMatch(/expires=Thu, 01 Jan 1970/i);
    }

    const refused = await stack.http.get('/api/v1/auth/me').set('Authorization', auth).expect(401);
    expect(refused.body).toMatchObject({ code: 'INVALID_TOKEN', detail: 'Token has been revoked' });
    const refresh = await stack.http.post('/api/v1/auth/refresh').send({ refresh_token: owner.refreshToken }).expect(401);
    expect(refresh.body).toMatchObject({ code: 'INVALID_TOKEN', detail: 'Token has been revoked' });

    // The revocation is in PostgreSQL: another API process (or this one restarted) refuses it too.
    await anotherApi(stack).get('/api/v1/auth/me').set('Authorization', auth).expect(401);
    // Only the presented session ended.
    await stack.http.get('/api/v1/auth/me').set('Authorization', `Bearer ${other.body.access_token}`).expect(200);
    await stack.http.post('/api/v1/auth/refresh').send({ refresh_token: other.body.refresh_token }).expect(200);
  });

  it('revokes the refresh token sent as a cookie on logout', async () => {
    const owner = await registerOwner(stack.http, 'logout-cookie');
    await stack.http
      .post('/api/v1/auth/logout')
      .set('Authorization', `Bearer ${owner.token}`)
      .set('Cookie', `refresh_token=${owner.refreshToken}`)
      .expect(200);
    await stack.http.post('/api/v1/auth/refresh').send({ refresh_token: owner.refreshToken }).expect(401);
  });

  it('prunes revocations whose token expired anyway, and keeps live ones', async () => {
    const owner = await registerOwner(stack.http, 'prune');
    const em = stack.orm.em.fork();
    await em.execute(`insert into revoked_tokens (jti, expires_at, created_at) values ('stale-jti', now() - interval '1 minute', now())`);
    await stack.http.post('/api/v1/auth/logout').set('Authorization', `Bearer ${owner.token}`).expect(200);
    const rows = await em.execute<Array<{ jti: string }>>('select jti from revoked_tokens');
    expect(rows.map((row) => row.jti)).not.toContain('stale-jti');
    expect(rows.length).toBeGreaterThan(0);
  });

  it('fails refresh when the user is gone', async () => {
    const owner = await registerOwner(stack.http, 'gone');
    await stack.orm.em.fork().execute('delete from users where id = ?', [owner.user.id]);
    const response = await stack.http.post('/api/v1/auth/refresh').send({ refresh_token: owner.refreshToken }).expect(401);
    expect(response.body.code).toBe('INVALID_TOKEN');
    await stack.http.get('/api/v1/auth/me').set('Authorization', `Bearer ${owner.token}`).expect(401);
  });

  const me = (http: TestStack['http'], token: string) => http.get('/api/v1/auth/me').set('Authorization', `Bearer ${token}`);
  const refresh = (http: TestStack['http'], token: string) => http.post('/api/v1/auth/refresh').send({ refresh_token: token });

  it('rotates refresh tokens; a spent one presented again ends its whole session, in every API process', async () => {
    const owner = await registerOwner(stack.http, 'reuse');
    const bystander = await stack.http.post('/api/v1/auth/login').send({ email: owner.email, password: owner.password }).expect(200);
    const first = await refresh(stack.http, owner.refreshToken).expect(200);
    const second = await refresh(stack.http, first.body.refresh_token).expect(200);
    await me(stack.http, second.body.access_token).expect(200);

    // A thief replays the stolen first refresh token: refused, and the session ends for everyone holding it.
    const replay = await refresh(stack.http, owner.refreshToken).expect(401);
    expect(replay.body).toMatchObject({ code: 'INVALID_TOKEN', detail: 'Refresh token was already used; the session has ended' });
    const other = anotherApi(stack);
    for (const http of [stack.http, other]) {
      for (const token of [owner.token, first.body.access_token, second.body.access_token]) {
        expect((await me(http, token).expect(401)).body).toMatchObject({ code: 'INVALID_TOKEN', detail: 'Token has been revoked' });
      }
      await refresh(http, second.body.refresh_token).expect(401);
    }
    // Another session of the same user is not concerned.
    await me(stack.http, bystander.body.access_token).expect(200);
    await refresh(other, bystander.body.refresh_token).expect(200);
  });

  it("lets two refreshes racing with one token both succeed (two tabs), ending on the session's current token; later it is reuse", async () => {
    const owner = await registerOwner(stack.http, 'tabs');
    const [tabA, tabB] = await Promise.all([refresh(stack.http, owner.refreshToken), refresh(stack.http, owner.refreshToken)]);
    expect([tabA.status, tabB.status]).toEqual([200, 200]);
    expect(jtiOf(tabA.body.refresh_token)).toBe(jtiOf(tabB.body.refresh_token));
    for (const tab of [tabA, tabB]) await me(stack.http, tab.body.access_token).expect(200);
    // Whichever cookie each tab kept, the next refresh rotates normally.
    const next = await refresh(stack.http, tabB.body.refresh_token).expect(200);
    await me(stack.http, next.body.access_token).expect(200);

    // Past the grace window, the token before the current one is a copy again.
    const later = await registerOwner(stack.http, 'tabs-later');
    const rotated = await refresh(stack.http, later.refreshToken).expect(200);
    await stack.orm.em
      .fork()
      .execute(`update refresh_sessions set rotated_at = now() - interval '1 minute' where user_id = ?`, [later.user.id]);
    const replay = await refresh(stack.http, later.refreshToken).expect(401);
    expect(replay.body.detail).toBe('Refresh token was already used; the session has ended');
    await refresh(stack.http, rotated.body.refresh_token).expect(401);
  });

  it("answers a refresh at the session's end (its exp not yet passed, the database's now() past it) as expired, not as a copy", async () => {
    const owner = await registerOwner(stack.http, 'boundary');
    const bystander = await stack.http.post('/api/v1/auth/login').send({ email: owner.email, password: owner.password }).expect(200);
    // The token's exp is checked in whole seconds and the session's end against now(): put the
    // session's end in the past while the token still verifies, as a refresh in that second sees it.
    await stack.orm.em
      .fork()
      .execute(`update refresh_sessions set expires_at = now() - interval '1 millisecond' where user_id = ? and current_jti = ?`, [
        owner.user.id,
        jtiOf(owner.refreshToken),
      ]);
    const late = await refresh(stack.http, owner.refreshToken).expect(401);
    expect(late.body).toMatchObject({ code: 'INVALID_TOKEN', detail: 'Token has expired' });
    // Not taken for a stolen token: nothing was revoked, the user's other session goes on.
    await me(stack.http, owner.token).expect(200);
    await refresh(stack.http, bystander.body.refresh_token).expect(200);
  });

  it("ends the user's other sessions on a password change, keeping the current one", async () => {
    const owner = await registerOwner(stack.http, 'change-ends');
    const elsewhere = await stack.http.post('/api/v1/auth/login').send({ email: owner.email, password: owner.password }).expect(200);
    await me(stack.http, elsewhere.body.access_token).expect(200);
    await stack.http
      .post('/api/v1/auth/password/change')
      .set('Authorization', `Bearer ${owner.token}`)
      .send({ current_password: owner.password, new_password: 'a brand new passphrase' })
      .expect(200);
    await me(stack.http, owner.token).expect(200);
    await refresh(stack.http, owner.refreshToken).expect(200);
    await me(stack.http, elsewhere.body.access_token).expect(401);
    await me(anotherApi(stack), elsewhere.body.access_token).expect(401);
    await refresh(stack.http, elsewhere.body.refresh_token).expect(401);
  });

  it('logs out everywhere: every token of the user stops working, the event is audited, keys cannot do it', async () => {
    const owner = await registerOwner(stack.http, 'logout-all');
    const elsewhere = await stack.http.post('/api/v1/auth/login').send({ email: owner.email, password: owner.password }).expect(200);
    const key = await createApiKey(stack.http, owner.token, { name: 'k', permissions: ['users:read'] });
    const refused = await stack.http.post('/api/v1/auth/logout-all').set('X-API-Key', key.api_key).expect(403);
    expect(refused.body.code).toBe('INSUFFICIENT_PERMISSIONS');

    const done = await stack.http.post('/api/v1/auth/logout-all').set('Authorization', `Bearer ${owner.token}`).expect(200);
    expect(done.body.data.message).toBe('Logged out of every session');
    expect(
      cookiesOf(done)
        .map((cookie) => cookie.split('=')[0])
        .sort(),
    ).toEqual(['access_token', 'refresh_token']);
    for (const http of [stack.http, anotherApi(stack)]) {
      for (const token of [owner.token, elsewhere.body.access_token]) await me(http, token).expect(401);
      for (const token of [owner.refreshToken, elsewhere.body.refresh_token]) await refresh(http, token).expect(401);
    }
    // A new login works, and the key (not a session) still does.
    await stack.http.post('/api/v1/auth/login').send({ email: owner.email, password: owner.password }).expect(200);
    await stack.http.get('/api/v1/users').set('X-API-Key', key.api_key).expect(200);
    const events = await stack.orm.em
      .fork()
      .execute<{ event_type: string }[]>('select event_type from audit_events where actor_user_id = ?', [owner.user.id]);
    expect(events.map((event) => event.event_type)).toContain('auth.logout_all');
  });

  describe('lockout (3 failures within 60 s lock for 2 s in this stack)', () => {
    const login = (http: TestStack['http'], email: string, password: string) => http.post('/api/v1/auth/login').send({ email, password });

    it('locks after the threshold even for the right password, with Retry-After, and unlocks when the lock expires', async () => {
      const owner = await registerOwner(stack.http, 'lock');
      await login(stack.http, owner.email, 'wrong-1').expect(401);
      await login(stack.http, owner.email, 'wrong-2').expect(401);
      const locked = await login(stack.http, owner.email, 'wrong-3').expect(423);
      expect(locked.body).toMatchObject({ code: 'ACCOUNT_LOCKED', status_code: 423 });
      const right = await login(stack.http, owner.email, owner.password).expect(423);
      expect(Number(right.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(2);
      // Other accounts are unaffected.
      const bystander = await registerOwner(stack.http, 'bystander');
      await login(stack.http, bystander.email, bystander.password).expect(200);

      const unlocked = await waitFor(
        'lock expiry',
        async () => {
          const response = await login(stack.http, owner.email, owner.password);
          return response.status === 200 ? response : undefined;
        },
        { timeoutMs: 10_000, intervalMs: 200 },
      );
      expect(unlocked.body.access_token).toEqual(expect.any(String));
      // The count starts again after the lock.
      await login(stack.http, owner.email, 'wrong-again').expect(401);
    });

    it('resets the count on a successful login before the threshold', async () => {
      const owner = await registerOwner(stack.http, 'reset-count');
      await login(stack.http, owner.email, 'wrong-1').expect(401);
      await login(stack.http, owner.email, 'wrong-2').expect(401);
      await login(stack.http, owner.email, owner.password).expect(200);
      await login(stack.http, owner.email, 'wrong-3').expect(401);
      await login(stack.http, owner.email, 'wrong-4').expect(401);
      await login(stack.http, owner.email, owner.password).expect(200);
    });

    it('counts failures across API processes, and locks unknown addresses the same way', async () => {
      const owner = await registerOwner(stack.http, 'multi');
      const second = anotherApi(stack);
      await login(stack.http, owner.email, 'wrong-1').expect(401);
      await login(second, owner.email, 'wrong-2').expect(401);
      await login(stack.http, owner.email, 'wrong-3').expect(423);
      await login(second, owner.email, owner.password).expect(423);

      const nobody = `nobody-${Date.now()}@example.test`;
      for (const expected of [401, 401, 423, 423]) await login(stack.http, nobody, 'whatever').expect(expected);
    });
  });
});

describe('short token lifetimes (access 1 s, refresh 3 s)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ env: { ACCESS_TOKEN_TTL_SECONDS: '1', REFRESH_TOKEN_TTL_SECONDS: '3' } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('answers an expired access token with 401 INVALID_TOKEN "Token has expired", then refreshes, until the refresh token expires', async () => {
    const owner = await registerOwner(stack.http, 'expiry');
    // Fresh from login: usable, and refreshable.
    const refreshed = await stack.http.post('/api/v1/auth/refresh').send({ refresh_token: owner.refreshToken }).expect(200);
    expect(refreshed.body.expires_in).toBe(1);

    const expired = await waitFor(
      'access token expiry',
      async () => {
        const response = await stack.http.get('/api/v1/auth/me').set('Authorization', `Bearer ${owner.token}`);
        return response.status === 401 ? response : undefined;
      },
      { timeoutMs: 5_000, intervalMs: 100 },
    );
    expect(expired.body).toMatchObject({ code: 'INVALID_TOKEN', status_code: 401, detail: 'Token has expired' });

    // Each refresh rotates the token but keeps the session's end (3 s after login): it runs out.
    let latest = refreshed.body.refresh_token as string;
    const refreshExpired = await waitFor(
      'refresh token expiry',
      async () => {
        const response = await stack.http.post('/api/v1/auth/refresh').send({ refresh_token: latest });
        if (response.status === 200) latest = response.body.refresh_token as string;
        return response.status === 401 ? response : undefined;
      },
      { timeoutMs: 8_000, intervalMs: 200 },
    );
    expect(refreshExpired.body).toMatchObject({ code: 'INVALID_TOKEN', detail: 'Token has expired' });
  });
});
