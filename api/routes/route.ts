import type Router from '@koa/router';
import type { Context } from 'koa';
import type { z, ZodType } from 'zod';
import type { AuthContext } from '../auth-context.ts';
import { validateRequestPart } from '../middleware/validate.ts';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** `public`: no credential; `authenticated`: any valid credential; else a permission string. */
export type RouteAccess = 'public' | 'authenticated' | `${string}:${string}` | '*';

export interface ResponseSpec {
  description: string;
  schema?: ZodType;
  contentType?: string;
}

/**
 * Whom a handler counts a request against, once it has authenticated the caller itself, and how
 * many units: a webhook payload consumes one per alert (`alerts`), anything else one.
 */
export type RateLimitSubject =
  | { kind: 'integration'; integrationId: string; alerts: number }
  /** The short webhook form: the caller's organization's bucket for the platform. */
  | { kind: 'alerts'; alerts: number }
  | { kind: 'failed_webhook_authentication' };

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** Present on every route that is not public. */
  auth: AuthContext;
  /** For `authenticatedBy: 'handler'` routes: counts the request (sets X-RateLimit-*); throws RATE_LIMITED. */
  rateLimit: (subject: RateLimitSubject) => Promise<void>;
}

export interface RouteResult {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RouteDefinition<P extends ZodType = ZodType, Q extends ZodType = ZodType, B extends ZodType = ZodType> {
  method: HttpMethod;
  /** OpenAPI-style path below the router prefix, e.g. `/incidents/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  access: RouteAccess;
  request?: { params?: P; query?: Q; body?: B; bodyContentTypes?: string[] };
  responses: Record<number, ResponseSpec>;
  /** Extra error codes this route can answer with, for the OpenAPI description. */
  errors?: number[];
  /**
   * Rate-limit class beyond the caller's own (interactive per user, per API key, per IP when public):
   * `webhook` counts alerts, per integration (or per organization and platform with an API key),
   * in the handler through `input.rateLimit` once the payload is parsed; `search` also per organization.
   */
  rateLimit?: 'webhook' | 'search';
  /**
   * `handler`: a public route whose handler checks the caller's credential itself (a webhook's
   * signature). Nothing is counted before the handler; it calls `input.rateLimit` once it knows
   * whom to count, so requests that fail authentication never use up what they name.
   */
  authenticatedBy?: 'handler';
  handler: (input: RouteInput<z.output<P>, z.output<Q>, z.output<B>>, ctx: Context) => Promise<RouteResult> | RouteResult;
}

/** Keeps the generic parameters of a route so its handler sees the parsed, typed input. */
export function defineRoute<P extends ZodType, Q extends ZodType, B extends ZodType>(
  route: RouteDefinition<P, Q, B>,
): RouteDefinition {
  return route as unknown as RouteDefinition;
}

/** What mountRoutes runs around every handler; createApp wires them from the app's deps. */
export interface RouteGuards {
  authenticate: (ctx: Context) => Promise<AuthContext>;
  authorize: (auth: AuthContext, access: RouteAccess) => void;
  /** Counts the request (per credential, else per IP), sets X-RateLimit-*; throws RATE_LIMITED. */
  rateLimit?: (ctx: Context, route: RouteDefinition, auth: AuthContext | undefined, subject?: RateLimitSubject) => Promise<void>;
  /** Records a mutation after the handler succeeded (api/middleware/audit.ts). */
  audit?: (ctx: Context, route: RouteDefinition, auth: AuthContext | undefined) => Promise<void>;
}

export interface MountedRoutes {
  prefix: string;
  routes: RouteDefinition[];
}

/**
 * Mounts routes on a router: authenticate → require the declared permission → validate →
 * handler. The same definitions produce /openapi.json, so the two cannot drift apart.
 */
export function mountRoutes(
  router: Router,
  routes: RouteDefinition[],
  guards: RouteGuards,
): void {
  for (const route of routes) {
    const koaPath = route.path.replace(/\{(\w+)\}/g, ':$1');
    router[route.method](route.operationId, koaPath, async (ctx: Context) => {
      let auth: AuthContext | undefined;
      if (route.access !== 'public') {
        auth = await guards.authenticate(ctx).catch(async (error: unknown) => {
          // A caller without a valid credential counts against its IP: guessing credentials is throttled too.
          await guards.rateLimit?.(ctx, route, undefined);
          throw error;
        });
      }
      let counted = false;
      const rateLimit = async (subject?: RateLimitSubject) => {
        counted = true;
        await guards.rateLimit?.(ctx, route, auth, subject);
      };
      // Webhook handlers count once they know how many alerts a payload carries.
      const countedByHandler = route.authenticatedBy === 'handler' || route.rateLimit === 'webhook';
      if (!countedByHandler) await rateLimit();
      let result: RouteResult;
      try {
        if (auth) {
          guards.authorize(auth, route.access);
          ctx.state.auth = auth;
        }
        const input = {
          params: validateRequestPart('params', route.request?.params, ctx.params ?? {}),
          query: validateRequestPart('query', route.request?.query, ctx.query),
          body: validateRequestPart('body', route.request?.body, ctx.request.body),
          auth: auth as AuthContext,
          rateLimit,
        };
        result = await route.handler(input, ctx);
      } catch (error) {
        // An authenticated caller refused before its handler counted still costs one request.
        if (!counted && auth) await rateLimit();
        throw error;
      }
      ctx.status = result.status ?? 200;
      if (result.headers) ctx.set(result.headers);
      if (result.body !== undefined) ctx.body = result.body;
      await guards.audit?.(ctx, route, auth);
    });
  }
}
