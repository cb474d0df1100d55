import type { Response } from 'supertest';
import { bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

const cookiesOf = (response: Response): string[] => ([] as string[]).concat((response.headers['set-cookie'] as unknown as string[]) ?? []);

async function ipsSeen(stack: TestStack, userId: string) {
  await stack.requestCaches.rateLimiter.flush();
  const em = stack.orm.em.fork();
  const counters = await em.execute<{ key: string }[]>(`select key from rate_limit_counters where key like 'ip:%'`);
  const audit = await em.execute<{ ip: string }[]>(`select ip from audit_events where actor_user_id = ? and event_type = 'auth.login'`, [
    userId,
  ]);
  return { counters: counters.map((row) => row.key), audit: audit.map((row) => row.ip) };
}

describe('forwarded headers and session cookies in production (integration: real PostgreSQL)', () => {
  describe('no trusted proxy (TRUST_PROXY_HOPS unset)', () => {
    let stack: TestStack;
    beforeAll(async () => {
      stack = await startTestStack({ env: { NODE_ENV: 'production', METRICS_TOKEN: 'metrics-token-0123456789' } });
    });
    afterAll(async () => {
      await stack?.stop();
    });

    it('ignores X-Forwarded-For: per-IP limits and the audit log see the real peer', async () => {
      const owner = await registerOwner(stack.http, 'spoof');
      await stack.http
        .post('/api/v1/auth/login')
        .set('X-Forwarded-For', '203.0.113.66')
        .send({ email: owner.email, password: owner.password })
        .expect(200);
      const seen = await ipsSeen(stack, owner.user.id);
      expect(seen.counters.length).toBeGreaterThan(0);
      expect(seen.counters.every((key) => key.endsWith('127.0.0.1'))).toBe(true);
      expect(seen.audit.length).toBeGreaterThan(0);
      expect(seen.audit.every((ip) => ip.endsWith('127.0.0.1'))).toBe(true);
    });

    it('logs in and out over plain HTTP without cookies (they would have to be Secure), even when the caller claims HTTPS', async () => {
      const owner = await registerOwner(stack.http, 'plain');
      for (const proto of [undefined, 'https']) {
        const request = stack.http.post('/api/v1/auth/login');
        if (proto) request.set('X-Forwarded-Proto', proto);
        const login = await request.send({ email: owner.email, password: owner.password }).expect(200);
        expect(login.body.access_token).toEqual(expect.any(String));
        expect(cookiesOf(login)).toEqual([]);
      }
      const { body } = await stack.http.post('/api/v1/auth/login').send({ email: owner.email, password: owner.password }).expect(200);
      const refreshed = await stack.http.post('/api/v1/auth/refresh').send({ refresh_token: body.refresh_token }).expect(200);
      expect(cookiesOf(refreshed)).toEqual([]);
      const logout = await stack.http.post('/api/v1/auth/logout').set(bearer(body.access_token)).send({}).expect(200);
      expect(cookiesOf(logout)).toEqual([]);
    });
  });

  describe('behind one trusted proxy (TRUST_PROXY_HOPS=1)', () => {
    let stack: TestStack;
    beforeAll(async () => {
      stack = await startTestStack({ env: { NODE_ENV: 'production', METRICS_TOKEN: 'metrics-token-0123456789', TRUST_PROXY_HOPS: '1' } });
    });
    afterAll(async () => {
      await stack?.stop();
    });

    it('takes the address the proxy saw (not what the client prepended) and sets Secure cookies for HTTPS', async () => {
      const owner = await registerOwner(stack.http, 'proxied');
      const login = await stack.http
        .post('/api/v1/auth/login')
        .set('X-Forwarded-For', '203.0.113.66, 198.51.100.7')
        .set('X-Forwarded-Proto', 'https')
        .send({ email: owner.email, password: owner.password })
        .expect(200);
      const cookies = cookiesOf(login);
      expect(cookies.map((cookie) => cookie.split('=')[0])).toEqual(['access_token', 'refresh_token']);
      for (const cookie of cookies) expect(cookie.toLowerCase()).toMatch(/; secure(;|$)/);
      const seen = await ipsSeen(stack, owner.user.id);
      expect(seen.counters).toContain('ip:198.51.100.7');
      // registerOwner's own login came without the header: the peer's address.
      expect(seen.audit).toContain('198.51.100.7');
      expect(seen.audit).not.toContain('203.0.113.66');
    });
  });
});
