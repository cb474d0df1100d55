import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Router from '@koa/router';
import type { Middleware } from 'koa';

const require = createRequire(import.meta.url);
const swaggerDir = dirname(require.resolve('swagger-ui-dist/package.json'));
const redocBundle = join(dirname(require.resolve('redoc/package.json')), 'bundles', 'redoc.standalone.js');

// Served from the npm packages on disk: the docs work offline, with no CDN.
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: join(swaggerDir, 'swagger-ui.css'), type: 'text/css' },
  'swagger-ui-bundle.js': { file: join(swaggerDir, 'swagger-ui-bundle.js'), type: 'application/javascript' },
  'swagger-ui-standalone-preset.js': { file: join(swaggerDir, 'swagger-ui-standalone-preset.js'), type: 'application/javascript' },
  'redoc.standalone.js': { file: redocBundle, type: 'application/javascript' },
  'swagger-init.js': { file: '', type: 'application/javascript' },
};

const SWAGGER_INIT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'StandaloneLayout' });`;

const page = (title: string, head: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>${head}</head><body>${body}</body></html>`;

const SWAGGER_PAGE = page(
  'Tocsin API — Swagger UI',
  '<link rel="stylesheet" href="/docs/assets/swagger-ui.css">',
  '<div id="swagger-ui"></div><script src="/docs/assets/swagger-ui-bundle.js"></script><script src="/docs/assets/swagger-ui-standalone-preset.js"></script><script src="/docs/assets/swagger-init.js"></script>',
);

const REDOC_PAGE = page(
  'Tocsin API — ReDoc',
  '<style>body{margin:0;padding:0}</style>',
  '<redoc spec-url="/openapi.json"></redoc><script src="/docs/assets/redoc.standalone.js"></script>',
);

/** /openapi.json, /docs (Swagger UI) and /redoc (ReDoc), at the instance root. */
export function createDocsRouter(getDocument: () => unknown): Router {
  const router = new Router();
  router.get('/openapi.json', (ctx) => {
    ctx.body = getDocument();
  });
  router.get('/docs', (ctx) => {
    ctx.type = 'text/html';
    ctx.body = SWAGGER_PAGE;
  });
  router.get('/redoc', (ctx) => {
    ctx.type = 'text/html';
    ctx.body = REDOC_PAGE;
  });
  router.get('/docs/assets/:name', (ctx) => {
    const asset = ASSETS[ctx.params.name ?? ''];
    if (!asset) return;
    ctx.type = asset.type;
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = asset.file ? createReadStream(asset.file) : SWAGGER_INIT;
  });
  return router;
}

// Every path the documentation router declares starts with one of these (case aside).
const DOCUMENTATION_PATH = /^\/(?:openapi\.json|docs|redoc)(?:\/|$)/i;

/**
 * The documentation router with its 405/OPTIONS answers, run only for paths that start like one
 * of its own: every other request skips its matching and middleware chain.
 */
export function documentationRoutes(router: Router): Middleware {
  const routes = router.routes() as Middleware;
  const allowed = router.allowedMethods() as Middleware;
  return (ctx, next) => (DOCUMENTATION_PATH.test(ctx.path) ? routes(ctx, () => allowed(ctx, next)) : next());
}
