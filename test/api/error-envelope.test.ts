import { DriverException } from '@mikro-orm/core';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import supertest from 'supertest';
import { errorHandler } from '../../api/middleware/error-handler.ts';
import { requestId } from '../../api/middleware/request-id.ts';
import { PoolAcquireTimeoutError } from '../../shared/db/pool-guard.ts';
import { createLogger } from '../../shared/logger.ts';
import {
  AccountLockedError,
  type AppError,
  BadRequestError,
  ConflictError,
  ERROR_STATUS,
  InsufficientPermissionsError,
  InvalidApiKeyError,
  InvalidTokenError,
  NotFoundError,
  PayloadTooLargeError,
  PlanLimitReachedError,
  RateLimitedError,
  ServiceUnavailableError,
  ValidationError,
} from '../../shared/errors.ts';

function appThrowing(error: unknown) {
  const app = new Koa();
  app.use(requestId());
  app.use(errorHandler(createLogger({ name: 'test', level: 'silent' })));
  app.use(koaBody({ jsonLimit: 64 }));
  app.use(() => {
    throw error;
  });
  return supertest(app.callback());
}

describe('error envelope', () => {
  it.each<[AppError, number, string]>([
    [new BadRequestError('Malformed JSON body'), 400, 'BAD_REQUEST'],
    [new InvalidTokenError('Token has expired'), 401, 'INVALID_TOKEN'],
    [new InvalidApiKeyError(), 401, 'INVALID_API_KEY'],
    [new InsufficientPermissionsError('incidents:create'), 403, 'INSUFFICIENT_PERMISSIONS'],
    [new NotFoundError('Incident'), 404, 'NOT_FOUND'],
    [new ConflictError('Email already registered'), 409, 'CONFLICT'],
    [new PayloadTooLargeError(1024), 413, 'PAYLOAD_TOO_LARGE'],
    [new PlanLimitReachedError('integrations', 3, 'free'), 402, 'PLAN_LIMIT_REACHED'],
    [new ValidationError([{ path: 'body.email', message: 'Invalid email' }]), 422, 'VALIDATION_ERROR'],
    [new AccountLockedError(900), 423, 'ACCOUNT_LOCKED'],
    [new RateLimitedError(30), 429, 'RATE_LIMITED'],
    [new ServiceUnavailableError('Temporal is down'), 503, 'SERVICE_UNAVAILABLE'],
  ])('renders %p as %i %s', async (error, status, code) => {
    const response = await appThrowing(error).get('/').set('X-Request-ID', 'req-12345678');
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ detail: error.message, status_code: status, code, request_id: 'req-12345678' });
    expect(ERROR_STATUS[code as keyof typeof ERROR_STATUS]).toBe(status);
  });

  it('keeps the exact expired-token detail and the Bearer challenge', async () => {
    const response = await appThrowing(new InvalidTokenError('Token has expired')).get('/');
    expect(response.body.detail).toBe('Token has expired');
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it('names the quota, its number and the plan on 402', async () => {
    const response = await appThrowing(new PlanLimitReachedError('members', 5, 'free')).get('/');
    expect(response.body).toMatchObject({ code: 'PLAN_LIMIT_REACHED', resource: 'members', limit: 5, plan: 'free' });
  });

  it('lists field paths on 422', async () => {
    const response = await appThrowing(new ValidationError([{ path: 'query.limit', message: 'Too small' }])).get('/');
    expect(response.body.errors).toEqual([{ path: 'query.limit', message: 'Too small' }]);
  });

  it.each([
    [new AccountLockedError(900), '900'],
    [new RateLimitedError(30), '30'],
  ])('sets Retry-After for %p', async (error, seconds) => {
    const response = await appThrowing(error).get('/');
    expect(response.headers['retry-after']).toBe(seconds);
  });

  it.each<[string, Error]>([
    ['the connection terminated under a query', new DriverException(new Error('Connection terminated unexpectedly'))],
    ['PostgreSQL shutting down', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['PostgreSQL refusing connections', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['no pool connection in time', new PoolAcquireTimeoutError(5000, 10, new Error('timeout exceeded when trying to connect'))],
  ])('answers 503 SERVICE_UNAVAILABLE with Retry-After, not 500, when %s', async (_label, error) => {
    const response = await appThrowing(error).get('/');
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.body).toEqual({
      detail: 'Service temporarily unavailable; retry later',
      status_code: 503,
      code: 'SERVICE_UNAVAILABLE',
      request_id: expect.any(String),
    });
    expect(response.text).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|terminat/);
  });

  it('hides unknown errors behind INTERNAL_ERROR with no stack or message', async () => {
    const response = await appThrowing(new Error('secret connection string postgres://u:p@db')).get('/');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({
      detail: 'Internal server error',
      status_code: 500,
      code: 'INTERNAL_ERROR',
      request_id: expect.any(String),
    });
    expect(response.text).not.toMatch(/postgres:|at .*\.ts/);
  });

  it('maps body-parser failures to the contract codes', async () => {
    const malformed = await appThrowing(new Error('unreached')).post('/').set('Content-Type', 'application/json').send('{"a":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('BAD_REQUEST');
    const large = await appThrowing(new Error('unreached'))
      .post('/')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ a: 'x'.repeat(200) }));
    expect(large.status).toBe(413);
    expect(large.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('generates a request id when none, or a malformed one, is sent', async () => {
    const none = await appThrowing(new NotFoundError()).get('/');
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const injected = await appThrowing(new NotFoundError()).get('/').set('X-Request-ID', 'bad id\twith spaces');
    // A generated id, not the one sent (a UUID's hex digits may spell "bad": match its shape instead).
    expect(injected.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(injected.body.request_id).toBe(injected.headers['x-request-id']);
  });
});
