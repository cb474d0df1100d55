import Koa from 'koa';
import supertest from 'supertest';
import { z } from 'zod';
import { errorHandler } from '../../api/middleware/error-handler.ts';
import { requestId } from '../../api/middleware/request-id.ts';
import { allowHeader, createPathResolver } from '../../api/routes/path-templates.ts';
import { allowedMethods, defineRoute, dispatchRoutes, type HttpMethod, type RouteDefinition } from '../../api/routes/route.ts';
import { createLogger } from '../../shared/logger.ts';

const route = (method: HttpMethod, path: string, params?: z.ZodType): RouteDefinition =>
  defineRoute({
    method,
    path,
    operationId: `${method} ${path}`,
    summary: path,
    tags: [],
    access: 'public',
    ...(params ? { request: { params } } : {}),
    responses: { 200: { description: 'ok' } },
    handler: () => ({ body: { route: `${method.toUpperCase()} ${path}` } }),
  });

const ROUTES = [
  route('get', '/things'),
  route('post', '/things'),
  route('get', '/things/{id}', z.object({ id: z.uuid() })),
  route('delete', '/things/{id}', z.object({ id: z.uuid() })),
  route('get', '/things/special'),
];

// Mounted as createApp mounts its routers: routes, then allowedMethods, behind the error handler.
function app() {
  const koa = new Koa();
  koa.use(requestId());
  koa.use(errorHandler(createLogger({ name: 'test', level: 'silent' })));
  const guards = { authenticate: async () => Promise.reject(new Error('public only')), authorize: () => undefined };
  koa.use(dispatchRoutes('/api/v1', ROUTES, guards)).use(allowedMethods('/api/v1', ROUTES));
  return supertest(koa.callback());
}

describe('createPathResolver', () => {
  const resolve = createPathResolver(ROUTES.map((definition) => definition.path));
  it.each([
    ['/things', '/things'],
    ['/things/', '/things'],
    ['/things/special', '/things/special'],
    ['/things/0b5e4d7a-3c5e-4a55-9d8e-1f0a2b3c4d5e', '/things/{id}'],
    ['/things/special/more', undefined],
    ['/other', undefined],
  ])('%s belongs to %s', (path, template) => {
    expect(resolve(path)).toBe(template);
  });
});

describe('allowHeader', () => {
  it.each<[HttpMethod[], string]>([
    [['post', 'get'], 'GET, HEAD, POST'],
    [['delete'], 'DELETE'],
    [['patch', 'put'], 'PUT, PATCH'],
  ])('%j → %s', (methods, header) => {
    expect(allowHeader(methods)).toBe(header);
  });
});

describe('405 Method Not Allowed', () => {
  it.each([
    ['delete', '/api/v1/things', 'GET, HEAD, POST'],
    ['put', '/api/v1/things', 'GET, HEAD, POST'],
    ['patch', '/api/v1/things/0b5e4d7a-3c5e-4a55-9d8e-1f0a2b3c4d5e', 'GET, HEAD, DELETE'],
    ['trace', '/api/v1/things', 'GET, HEAD, POST'],
    // A concrete path is not its templated neighbour's: DELETE /things/{id} does not answer it.
    ['delete', '/api/v1/things/special', 'GET, HEAD'],
  ] as const)("%s %s lists the path's methods in Allow (RFC 9110), in the error envelope", async (method, path, allow) => {
    const response = await app()[method](path);
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe(allow);
    expect(response.body).toMatchObject({ code: 'METHOD_NOT_ALLOWED', status_code: 405, request_id: expect.any(String) });
    expect(response.body.detail).toContain(allow);
  });

  it('answers OPTIONS with the Allow header', async () => {
    const response = await app().options('/api/v1/things/special').expect(200);
    expect(response.headers.allow).toBe('GET, HEAD');
  });

  it('answers a path no route has with 404, whatever the method', async () => {
    for (const method of ['get', 'trace', 'delete'] as const) {
      const response = await app()[method]('/api/v1/nothing');
      expect(response.status).toBe(404);
      expect(response.headers.allow).toBeUndefined();
      expect(response.body.code).toBe('NOT_FOUND');
    }
  });

  it('routes each declared method to its own route', async () => {
    expect((await app().get('/api/v1/things/special').expect(200)).body.route).toBe('GET /things/special');
    expect((await app().get('/api/v1/things/0b5e4d7a-3c5e-4a55-9d8e-1f0a2b3c4d5e').expect(200)).body.route).toBe('GET /things/{id}');
    expect((await app().post('/api/v1/things').expect(200)).body.route).toBe('POST /things');
  });
});
