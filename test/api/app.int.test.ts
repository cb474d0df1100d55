import { Connection } from '@temporalio/client';
import { temporalConnectionOptions } from '../../shared/temporal/client.ts';
import { appDepsOver, httpOf } from '../helpers/app-deps.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

describe('API basics over HTTP (integration: real PostgreSQL + real Temporal)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('answers /healthz and /readyz when the database and Temporal answer', async () => {
    await stack.http.get('/healthz').expect(200, { status: 'ok' });
    const ready = await stack.http.get('/readyz').expect(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { database: 'ok', temporal: 'ok' } });
  });

  it('reports Elasticsearch when it is configured, as degraded rather than unready: only search needs it', async () => {
    const withUrl = (url: string) => httpOf(appDepsOver(stack, { config: { ELASTICSEARCH_URL: url } }));
    const down = await withUrl('http://127.0.0.1:1').get('/readyz').expect(200);
    expect(down.body).toEqual({ status: 'degraded', checks: { database: 'ok', temporal: 'ok', elasticsearch: 'unavailable' } });
    // Global setup started a real Elasticsearch for the run.
    const up = await withUrl(process.env.ELASTICSEARCH_URL as string)
      .get('/readyz')
      .expect(200);
    expect(up.body.checks.elasticsearch).toBe('ok');
  });

  it('answers /readyz 503 when Temporal is unreachable', async () => {
    // A real client, with the options connectTemporal uses, pointed at a port nobody listens on.
    const connection = Connection.lazy(temporalConnectionOptions({ address: '127.0.0.1:1' }));
    const unreachable = {
      client: new (await import('@temporalio/client')).Client({ connection }),
      taskQueue: 'none',
      close: () => connection.close(),
    };
    const response = await httpOf(appDepsOver(stack, { runtime: { temporal: unreachable } }))
      .get('/readyz')
      .expect(503);
    expect(response.body).toEqual({ status: 'unavailable', checks: { database: 'ok', temporal: 'unavailable' } });
    await connection.close();
  });

  it('serves an OpenAPI 3.1 description generated from the route schemas', async () => {
    const { body } = await stack.http.get('/openapi.json').expect(200);
    expect(body.openapi).toBe('3.1.0');
    const register = body.paths['/api/v1/auth/register'].post;
    expect(register.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email', 'password', 'name', 'organization_name']),
    );
    expect(register.security).toEqual([]);
    const selfTest = body.paths['/api/v1/admin/self-test'].post;
    expect(selfTest['x-required-permission']).toBe('admin:execute');
    expect(Object.keys(selfTest.responses)).toEqual(expect.arrayContaining(['202', '401', '403', '429', '500']));
    expect(Object.keys(selfTest.responses['202'].headers)).toEqual([
      'X-Request-ID',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ]);
    expect(selfTest.responses['429'].headers['Retry-After']).toBeDefined();
    expect(body.paths['/healthz'].get.responses['200'].headers).toEqual({ 'X-Request-ID': { $ref: '#/components/headers/X-Request-ID' } });
    expect(body.components.schemas.Error.required).toEqual(expect.arrayContaining(['detail', 'status_code', 'code', 'request_id']));
  });

  it('serves Swagger UI and ReDoc with their assets from this origin', async () => {
    const docs = await stack.http.get('/docs').expect(200).expect('Content-Type', /html/);
    expect(docs.text).not.toMatch(/https?:\/\/(cdn|unpkg|jsdelivr)/);
    await stack.http.get('/redoc').expect(200).expect('Content-Type', /html/);
    for (const asset of [
      'swagger-ui-bundle.js',
      'swagger-ui.css',
      'swagger-ui-standalone-preset.js',
      'redoc.standalone.js',
      'swagger-init.js',
    ]) {
      const response = await stack.http.get(`/docs/assets/${asset}`).expect(200);
      expect(Number(response.headers['content-length'] ?? response.text?.length ?? 1)).toBeGreaterThan(0);
    }
    await stack.http.get('/docs/assets/../../package.json').expect(404);
  });

  it('answers unknown routes with a JSON 404 and unsupported methods with 405', async () => {
    const missing = await stack.http.get('/api/v1/nothing-here').expect(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND', status_code: 404 });
    const method = await stack.http.delete('/api/v1/auth/register').expect(405);
    expect(method.body.code).toBe('METHOD_NOT_ALLOWED');
    const unknownMethod = await stack.http.trace('/api/v1/incidents').expect(405);
    expect(unknownMethod.body.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('answers malformed JSON with 400, oversized bodies with 413 and invalid fields with 422', async () => {
    const malformed = await stack.http.post('/api/v1/auth/register').set('Content-Type', 'application/json').send('{"email": ').expect(400);
    expect(malformed.body.code).toBe('BAD_REQUEST');
    const huge = JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(1024 * 1024 + 10), name: 'n', organization_name: 'o' });
    const tooLarge = await stack.http.post('/api/v1/auth/register').set('Content-Type', 'application/json').send(huge).expect(413);
    expect(tooLarge.body.code).toBe('PAYLOAD_TOO_LARGE');
    const invalid = await stack.http.post('/api/v1/auth/register').send({ email: 'not-an-email', password: 'short' }).expect(422);
    expect(invalid.body.code).toBe('VALIDATION_ERROR');
    expect(invalid.body.errors.map((error: { path: string }) => error.path)).toEqual(
      expect.arrayContaining(['body.email', 'body.password', 'body.name', 'body.organization_name']),
    );
    const nul = await stack.http
      .post('/api/v1/auth/register')
      .send({ email: 'a@b.test', password: 'long enough', name: 'bad\u0000name', organization_name: 'o' })
      .expect(422);
    expect(nul.body.errors[0].path).toBe('body.name');
    const surrogate = await stack.http
      .post('/api/v1/auth/register')
      .set('Content-Type', 'application/json')
      .send('{"email":"a@b.test","password":"long enough","name":"n","organization_name":"\\ud800"}')
      .expect(422);
    expect(surrogate.body.errors[0].path).toBe('body.organization_name');
    const badId = await stack.http
      .get('/api/v1/admin/self-test/not-a-uuid')
      .set('Authorization', `Bearer ${(await registerOwner(stack.http)).token}`)
      .expect(422);
    expect(badId.body.errors[0].path).toBe('params.id');
  });

  it('sets the request id and security headers on every response', async () => {
    const echoed = await stack.http.get('/healthz').set('X-Request-ID', 'trace-abc-12345').expect(200);
    expect(echoed.headers['x-request-id']).toBe('trace-abc-12345');
    expect(echoed.headers['x-content-type-options']).toBe('nosniff');
    expect(echoed.headers['x-frame-options']).toBe('DENY');
    expect(echoed.headers['content-security-policy']).toContain("default-src 'none'");
    const error = await stack.http.get('/api/v1/nothing').expect(404);
    expect(error.headers['x-request-id']).toBe(error.body.request_id);
  });

  it('registers, logs in (JSON and form) and reads the profile; a duplicate email is 409', async () => {
    const owner = await registerOwner(stack.http);
    const me = await stack.http.get('/api/v1/auth/me').set('Authorization', `Bearer ${owner.token}`).expect(200);
    expect(me.body.data).toMatchObject({ email: owner.email, role: 'owner', organization_id: owner.organization.id });
    const form = await stack.http
      .post('/api/v1/auth/login')
      .type('form')
      .send({ username: owner.email, password: owner.password })
      .expect(200);
    expect(form.body).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(([] as string[]).concat(form.headers['set-cookie'] ?? []).join(';')).toMatch(/access_token=.*httponly/i);
    await stack.http.post('/api/v1/auth/login').send({ email: owner.email, password: 'wrong password' }).expect(401);
    const duplicate = await stack.http
      .post('/api/v1/auth/register')
      .send({ email: owner.email.toUpperCase(), password: 'another password', name: 'X', organization_name: 'Y' })
      .expect(409);
    expect(duplicate.body.code).toBe('CONFLICT');
  });
});
