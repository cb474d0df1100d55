import type { IncomingHttpHeaders } from 'node:http';
import cors from '@koa/cors';
import type { Tracer } from '@opentelemetry/api';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import type { Config } from '../shared/config.ts';
import type { Orm } from '../shared/db/orm.ts';
import type { Logger } from '../shared/logger.ts';
import { tracingMiddleware } from '../shared/observability/tracing.ts';
import type { AuthContext } from './auth-context.ts';
import { errorHandler } from './middleware/error-handler.ts';
import { ormContext } from './middleware/orm-context.ts';
import { requestId } from './middleware/request-id.ts';
import { responseContract } from './middleware/response-contract.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { httpMetrics, type ApiMetrics } from './metrics.ts';
import { buildOpenApiDocument } from './openapi.ts';
import { DEFAULT_CONSOLE_DIST_DIR, serveConsole } from './console.ts';
import { createDocsRouter, documentationRoutes } from './routes/docs.routes.ts';
import { eventsV2RootRoutes } from './routes/events-v2.routes.ts';
import { healthRoutes, type ReadinessProbe } from './routes/health.routes.ts';
import { metricsRoutes } from './routes/metrics.routes.ts';
import { apiRoutes, type ApiServices } from './routes/index.ts';
import { publicStatusPageRoutes, publicStatusSubscribeRoutes } from './routes/status-page.routes.ts';
import { statusPageHost } from './middleware/status-page-host.ts';
import { allowedMethods, dispatchRoutes, type MountedRoutes, type RouteAccess, type RouteGuards } from './routes/route.ts';

export const API_PREFIX = '/api/v1';

export interface AppDeps {
  config: Config;
  logger: Logger;
  orm: Orm;
  readiness: ReadinessProbe;
  authenticate: (ctx: Koa.Context) => Promise<AuthContext>;
  /** The same credential check from a bare token (JWT or API key), for the WebSocket handshake. */
  authenticateToken?: (token: string) => Promise<AuthContext>;
  authorize: (auth: AuthContext, access: RouteAccess) => void;
  /** 403 CSRF_REJECTED for a write sent by a page of another site; `authenticate` applies it to cookie credentials. */
  refuseCrossSite: (ctx: Koa.Context) => void;
  /** Rate limiting and audit of /api/v1 routes; the probes at the root are exempt. */
  rateLimit?: RouteGuards['rateLimit'];
  audit?: RouteGuards['audit'];
  services: ApiServices;
  version: string;
  /** This process's Prometheus series; absent: no GET /metrics and nothing is measured. */
  metrics?: ApiMetrics;
  /** Present when tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT): one server span per request. */
  tracer?: Tracer;
  /** The built console served at `/` (default: console/dist of this checkout). */
  consoleDistDir?: string;
}

/**
 * Whether a request carries a body, as the body parser (type-is) decides it: without one there is
 * nothing for it to parse, so requests such as GETs skip it.
 */
const hasBody = (headers: IncomingHttpHeaders) =>
  headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(headers['content-length'] ?? Number.NaN));

/** Builds the Koa application from its dependencies; it never listens (main.ts and tests do). */
export function createApp(deps: AppDeps): Koa {
  // Forwarded headers only from proxies the operator declared: otherwise the client address (per-IP
  // limits, the audit log) and the scheme (Secure cookies) would be whatever the caller wrote.
  const proxyHops = deps.config.TRUST_PROXY_HOPS;
  const app = new Koa({ proxy: proxyHops > 0, maxIpsCount: proxyHops });
  const mounted: MountedRoutes[] = [
    { prefix: '', routes: healthRoutes(deps.readiness) },
    // With API_METRICS_PORT, /metrics lives on that listener only (api/main.ts), never behind the main port's proxy.
    ...(deps.metrics && deps.config.API_METRICS_PORT === undefined
      ? [{ prefix: '', routes: metricsRoutes(deps.metrics, { token: deps.config.METRICS_TOKEN }) }]
      : []),
    { prefix: API_PREFIX, routes: apiRoutes(deps.services) },
    // PagerDuty's own paths, so a sender's Events API v2 URL changes host only.
    {
      prefix: '',
      guarded: true,
      routes: eventsV2RootRoutes(deps.services.eventsV2, { maxBodyBytes: deps.config.WEBHOOK_MAX_BODY_BYTES }),
    },
    // The public status pages: reads unguarded (cached, answered from memory), the subscribe form rate limited.
    { prefix: '', routes: publicStatusPageRoutes(deps.services.statusPages) },
    { prefix: '', guarded: true, routes: publicStatusSubscribeRoutes(deps.services.statusPages) },
  ];
  let openApiDocument: unknown;
  const getOpenApiDocument = () =>
    (openApiDocument ??= buildOpenApiDocument(mounted, { version: deps.version, serverUrl: deps.config.PUBLIC_URL }));

  if (deps.tracer) app.use(tracingMiddleware(deps.tracer));
  app.use(requestId());
  if (deps.config.RESPONSE_CONTRACT_CHECK) app.use(responseContract());
  if (deps.metrics) app.use(httpMetrics(deps.metrics));
  app.use(errorHandler(deps.logger));
  app.use(securityHeaders({ production: deps.config.NODE_ENV === 'production' }));
  app.use(
    cors({
      origin: (ctx) => {
        const origin = ctx.get('Origin');
        return deps.config.CORS_ORIGINS.includes(origin) ? origin : '';
      },
      credentials: true,
      exposeHeaders: ['X-Request-ID', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'],
    }),
  );
  const parseBody = koaBody({
    jsonLimit: deps.config.WEBHOOK_MAX_BODY_BYTES,
    formLimit: deps.config.WEBHOOK_MAX_BODY_BYTES,
    textLimit: deps.config.WEBHOOK_MAX_BODY_BYTES,
    multipart: false,
    jsonStrict: true,
    // Form bodies (login, the SSO callback) are flat name=value pairs: without this, qs would turn
    // `a[b]=1` or `a.b=1` into nested objects, and a field name with a bracket into a 422.
    queryString: { depth: 0, allowDots: false },
  });
  // Webhook routes read the raw bytes themselves: signatures cover the body exactly as sent.
  const webhookPrefix = `${API_PREFIX}/webhooks/`;
  const billingWebhookPath = `${API_PREFIX}/billing/webhook`;
  // Slack signs its requests' raw bodies too.
  const rawBodyPaths = new Set([billingWebhookPath, `${API_PREFIX}/slack/interactions`, `${API_PREFIX}/slack/commands`]);
  const eventsV2Prefix = '/v2/';
  app.use((ctx, next) =>
    !hasBody(ctx.req.headers) || ctx.path.startsWith(webhookPrefix) || ctx.path.startsWith(eventsV2Prefix) || rawBodyPaths.has(ctx.path)
      ? next()
      : parseBody(ctx, next),
  );
  app.use(ormContext(deps.orm));
  app.use(statusPageHost({ publicUrl: deps.config.publicUrl, slugOfDomain: deps.services.statusPages.slugOfDomain }));

  // Only the documentation's own paths reach its router (its 405s included); other requests skip
  // its matching and middleware chain.
  app.use(documentationRoutes(createDocsRouter(getOpenApiDocument)));
  const guards: RouteGuards = { authenticate: deps.authenticate, authorize: deps.authorize, refuseCrossSite: deps.refuseCrossSite };
  const apiGuards: RouteGuards = { ...guards, rateLimit: deps.rateLimit, audit: deps.audit };
  for (const { prefix, routes, guarded } of mounted) {
    app.use(dispatchRoutes(prefix, routes, prefix === API_PREFIX || guarded ? apiGuards : guards)).use(allowedMethods(prefix, routes));
  }
  // Last: it answers only what no router did.
  app.use(
    serveConsole({
      distDir: deps.consoleDistDir ?? DEFAULT_CONSOLE_DIST_DIR,
      temporalUiUrl: deps.config.TEMPORAL_UI_URL ?? `http://localhost:${deps.config.TEMPORAL_UI_PORT}`,
      temporalNamespace: deps.config.TEMPORAL_NAMESPACE,
    }),
  );

  app.on('error', (error, ctx) => deps.logger.error({ err: error, requestId: ctx?.state?.requestId }, 'koa error'));
  return app;
}
