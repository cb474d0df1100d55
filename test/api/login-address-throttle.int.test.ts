import { randomUUID } from 'node:crypto';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

const MAX_FAILURES = 5;
const WINDOW_SECONDS = 900;

// Credential stuffing: one address tries many accounts, each fewer times than its lockout, and
// is stopped by the failures it has made across all of them.
describe('failed logins throttled per client address across accounts (integration: real PostgreSQL)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      env: {
        // One proxy in front: the client address is X-Forwarded-For's last entry, as it would be.
        TRUST_PROXY_HOPS: '1',
        LOGIN_ADDRESS_MAX_FAILURES: String(MAX_FAILURES),
        LOGIN_ADDRESS_WINDOW_SECONDS: String(WINDOW_SECONDS),
      },
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const loginFrom = (address: string, email: string, password: string) =>
    stack.http.post('/api/v1/auth/login').set('X-Forwarded-For', address).send({ email, password });

  it('answers 429 RATE_LIMITED with Retry-After once an address has failed on many accounts, the right password included', async () => {
    const victim = await registerOwner(stack.http, 'stuffed');
    const attacker = '203.0.113.9';
    for (let attempt = 0; attempt < MAX_FAILURES; attempt += 1) {
      // A different account each time: no account comes near its own lockout.
      await loginFrom(attacker, `user-${attempt}-${randomUUID().slice(0, 8)}@example.test`, 'Password1!').expect(401);
    }
    const refused = await loginFrom(attacker, victim.email, victim.password).expect(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    // Another address is not affected, and the victim's account was never locked.
    await loginFrom('198.51.100.4', victim.email, victim.password).expect(200);
  });

  it('counts an IPv6 client by its /64', async () => {
    for (let attempt = 0; attempt < MAX_FAILURES; attempt += 1) {
      await loginFrom(`2001:db8:7:7::${attempt + 1}`, `v6-${attempt}-${randomUUID().slice(0, 8)}@example.test`, 'Password1!').expect(401);
    }
    await loginFrom('2001:db8:7:7:ffff::1', `v6-${randomUUID().slice(0, 8)}@example.test`, 'Password1!').expect(429);
  });

  it('does not count successful logins', async () => {
    const owner = await registerOwner(stack.http, 'office');
    const office = '192.0.2.44';
    for (let attempt = 0; attempt < MAX_FAILURES * 2; attempt += 1) await loginFrom(office, owner.email, owner.password).expect(200);
    for (let attempt = 0; attempt < MAX_FAILURES - 1; attempt += 1) {
      await loginFrom(office, `typo-${attempt}-${randomUUID().slice(0, 8)}@example.test`, 'Password1!').expect(401);
    }
    await loginFrom(office, owner.email, owner.password).expect(200);
  });
});
