import type supertest from 'supertest';
import { createAuthService } from '../../api/services/auth.service.ts';
import { createCredentialStore } from '../../api/services/credential-store.ts';
import { createCredentialLookupStore } from '../../shared/db/access/credentials.ts';
import { createLoginAddressThrottle, createLoginThrottle } from '../../api/services/login-throttle.service.ts';
import { createLoginThrottleStore } from '../../shared/db/access/login-throttles.ts';
import { createSignInStore } from '../../shared/db/access/sign-ins.ts';
import { verifyPassword } from '../../shared/auth/password.ts';
import { appDepsOver, httpOf } from '../helpers/app-deps.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

const MAX_FAILURES = 5;

describe('lockout under concurrent guesses (integration: real PostgreSQL)', () => {
  let stack: TestStack;
  let http: ReturnType<typeof supertest>;
  let evaluations = 0;
  beforeAll(async () => {
    stack = await startTestStack({
      env: { LOGIN_MAX_FAILURES: String(MAX_FAILURES), LOGIN_FAILURE_WINDOW_SECONDS: '900', LOGIN_LOCK_SECONDS: '900' },
    });
    // The stack's own app, except that the login's password checks are counted.
    const { config } = stack;
    const deps = appDepsOver(stack, { runtime: { requestCaches: stack.requestCaches } });
    const em = () => stack.orm.em;
    deps.services.auth = createAuthService({
      accountsSigningIn: () => createSignInStore(em()),
      sessions: deps.services.sessions,
      accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      throttle: createLoginThrottle({
        throttles: () => createLoginThrottleStore(em()),
        maxFailures: MAX_FAILURES,
        windowSeconds: 900,
        lockSeconds: 900,
      }),
      addressThrottle: createLoginAddressThrottle({
        throttles: () => createLoginThrottleStore(em()),
        maxFailures: 1000,
        windowSeconds: 900,
      }),
      accounts: deps.services.accounts,
      credentials: createCredentialStore({ lookups: () => createCredentialLookupStore(em()), cache: stack.requestCaches.credentials }),
      verifyPassword: async (password, hash) => {
        evaluations += 1;
        return verifyPassword(password, hash);
      },
    });
    http = httpOf(deps);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('evaluates at most the threshold of a burst of wrong guesses, refuses the rest as locked, then the right password too', async () => {
    const owner = await registerOwner(stack.http, 'burst');
    evaluations = 0;
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        http.post('/api/v1/auth/login').send({ email: owner.email, password: `wrong guess ${index}` }),
      ),
    );
    const statuses = guesses.map((response) => response.status);
    expect(statuses.every((status) => status === 401 || status === 423)).toBe(true);
    expect(evaluations).toBeGreaterThanOrEqual(1);
    expect(evaluations).toBeLessThanOrEqual(MAX_FAILURES);
    expect(statuses.filter((status) => status === 423).length).toBeGreaterThanOrEqual(20 - MAX_FAILURES);

    const right = await http.post('/api/v1/auth/login').send({ email: owner.email, password: owner.password }).expect(423);
    expect(right.body.code).toBe('ACCOUNT_LOCKED');
    expect(evaluations).toBeLessThanOrEqual(MAX_FAILURES);
  });
});
