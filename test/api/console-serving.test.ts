import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import supertest from 'supertest';
import { serveConsole } from '../../api/console.ts';
import { CONSOLE_POLICY } from '../../api/middleware/security-headers.ts';

// The console's static serving on its own: which requests get the page, which the files, which
// stay 404 for the API's error handler, and the caching each gets.
describe('serveConsole', () => {
  let dist: string;
  let http: ReturnType<typeof supertest>;
  const html = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8';

  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'console-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><meta name="tocsin-config" content="{}" /></head><body></body></html>',
    );
    writeFileSync(join(dist, 'assets', 'index-AbC123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
    writeFileSync(join(dist, 'secret.txt'), 'not served');
    const app = new Koa();
    // What createApp mounts before it: a route that answers, and 404s it leaves alone.
    app.use(async (ctx, next) => {
      if (ctx.path === '/healthz') ctx.body = { ok: true };
      else await next();
    });
    app.use(serveConsole({ distDir: dist, temporalUiUrl: 'http://temporal.example:8233', temporalNamespace: 'prod"<ns>' }));
    http = supertest(app.callback());
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it.each(['/', '/incidents', '/incidents/0193f1a2-7c4e-7d2a-9b1c-5e6f7a8b9c0d', '/admin/users', '/sign-in?next=%2Fsearch'])(
    'answers %s with the page, not cached, under the console policy',
    async (path) => {
      const response = await http.get(path).set('Accept', html).expect(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toBe(CONSOLE_POLICY);
      // The settings are JSON in an attribute, escaped: a value cannot close the tag.
      expect(response.text).toContain(
        '<meta name="tocsin-config" content="{&quot;temporalUiUrl&quot;:&quot;http://temporal.example:8233&quot;,&quot;temporalNamespace&quot;:&quot;prod\\&quot;&lt;ns&gt;&quot;}" />',
      );
    },
  );

  it('serves hashed assets as immutable and root files for an hour', async () => {
    const asset = await http.get('/assets/index-AbC123.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toBe('application/javascript; charset=utf-8');
    const icon = await http.get('/favicon.svg').expect(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it.each([
    ['a missing asset', '/assets/index-Missing.js', html],
    ['a file type it does not serve', '/secret.txt', 'text/plain'],
    ['a path outside dist', '/assets/..%2f..%2fetc%2fpasswd', html],
    ['an API path, even asking for HTML', '/api/v1/incidents', html],
    ['the API root', '/api', html],
    ['the OpenAPI document', '/openapi.json', html],
    ['the docs', '/docs/assets/nothing', html],
    ['metrics', '/metrics', html],
    ['socket.io', '/socket.io/', html],
    ['webhooks', '/webhooks/x', html],
    ['a page asked for without HTML in Accept', '/incidents', 'application/json'],
    ['a page asked for without Accept', '/incidents', ''],
  ])('leaves %s to the 404 handler', async (_label, path, accept) => {
    const response = await http.get(path).set('Accept', accept);
    expect(response.status).toBe(404);
    expect(response.headers['content-security-policy']).toBeUndefined();
  });

  it('answers only GET and HEAD', async () => {
    await http.post('/incidents').set('Accept', html).expect(404);
    await http.head('/incidents').set('Accept', html).expect(200);
  });

  it('does not shadow what an earlier middleware answered', async () => {
    expect((await http.get('/healthz').set('Accept', html).expect(200)).body).toEqual({ ok: true });
  });
});
