import Router from '@koa/router';
import { compileRoutePath } from '../../api/routes/route-matcher.ts';
import type { HttpMethod } from '../../api/routes/http-method.ts';

/** What `@koa/router` itself decides for one route: whether it matches, and the params it sets. */
function routerDecision(prefix: string, method: HttpMethod, template: string, requestMethod: string, path: string) {
  const router = new Router(prefix ? { prefix } : {});
  router[method]('route', template.replace(/\{(\w+)\}/g, ':$1'), () => undefined);
  const matched = router.match(path, requestMethod);
  const layer = matched.pathAndMethod[0];
  if (!matched.route || !layer) return undefined;
  return { params: layer.params(path, layer.captures(path), {}), koaPath: layer.path };
}

const CASES: Array<[HttpMethod, string, string, string]> = [
  ['get', '/incidents/{id}', 'GET', '/api/v1/incidents/0b5e4d7a-3c5e-4a55-9d8e-1f0a2b3c4d5e'],
  ['get', '/incidents/{id}', 'HEAD', '/api/v1/incidents/abc'],
  ['get', '/incidents/{id}', 'POST', '/api/v1/incidents/abc'],
  ['get', '/incidents/{id}', 'GET', '/api/v1/incidents/abc/'],
  ['get', '/incidents/{id}', 'GET', '/api/v1/incidents/abc//'],
  ['get', '/incidents/{id}', 'GET', '/API/V1/Incidents/AbC'],
  ['get', '/incidents/{id}', 'GET', '/api/v1/incidents/'],
  ['get', '/incidents/{id}', 'GET', '/api/v1/incidents/a/b'],
  ['get', '/incidents/{id}', 'GET', '/api/v1/incidents/caf%C3%A9%20x'],
  ['get', '/incidents/{id}', 'GET', '/api/v1/incidents/%E0%A4%A'],
  ['get', '/incidents/{id}', 'GET', '/api/v1/incidents/a%2Fb'],
  ['get', '/incidents/{id}', 'GET', '/api/v2/incidents/abc'],
  ['post', '/incidents/{id}/timeline', 'POST', '/api/v1/incidents/abc/timeline'],
  ['post', '/incidents/{id}/timeline', 'POST', '/api/v1/incidents/abc/timelines'],
  ['delete', '/schedules/{id}/overrides/{overrideId}', 'DELETE', '/api/v1/schedules/s-1/overrides/o.2'],
  ['get', '/openapi.json', 'GET', '/api/v1/openapi.json'],
  ['get', '/openapi.json', 'GET', '/api/v1/openapiXjson'],
  ['put', '/webhooks/{platform}', 'PUT', '/api/v1/webhooks/a(b)*c'],
  ['patch', '/auth/me', 'PATCH', '/api/v1/auth/me'],
  ['patch', '/auth/me', 'GET', '/api/v1/auth/me'],
];

describe('compileRoutePath matches as @koa/router does', () => {
  it.each(CASES)('%s %s against %s %s', (method, template, requestMethod, path) => {
    const compiled = compileRoutePath('/api/v1', method, template);
    const ours = compiled.answers(requestMethod) ? compiled.match(path) : undefined;
    const router = routerDecision('/api/v1', method, template, requestMethod, path);
    expect(ours).toEqual(router?.params);
    if (router) expect(compiled.koaPath).toBe(router.koaPath);
  });

  it('matches below an empty prefix too', () => {
    const compiled = compileRoutePath('', 'get', '/v2/enqueue');
    expect(compiled.match('/v2/enqueue')).toEqual({});
    expect(compiled.match('/api/v1/v2/enqueue')).toBeUndefined();
    expect(compiled.koaPath).toBe('/v2/enqueue');
  });
});
