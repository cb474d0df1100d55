import type { Response } from 'supertest';
import { bearer } from '../helpers/members.ts';
import { startTestStack, type TestStack } from '../helpers/stack.ts';

function expectSecurityHeaders(response: Response) {
  expect(response.headers).toMatchObject({
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  });
}

describe('security headers on error answers (integration: real PostgreSQL)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ env: { RATE_LIMIT_INTERACTIVE_PER_HOUR: '2' } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('sets them on 404, 401, 422 and 429 as on success', async () => {
    expectSecurityHeaders(await stack.http.get('/healthz').expect(200));
    // Errors thrown below the middleware must not skip the headers it sets after `await next()`.
    expectSecurityHeaders(await stack.http.get('/api/v1/nothing-here').expect(404));
    expectSecurityHeaders(await stack.http.get('/api/v1/auth/me').set(bearer('not-a-token')).expect(401));
    expectSecurityHeaders(await stack.http.post('/api/v1/auth/register').send({ email: 'bad' }).expect(422));
    expectSecurityHeaders(await stack.http.get('/api/v1/auth/me').expect(429));
  });
});
