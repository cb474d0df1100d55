import type { Context, Middleware, Next } from 'koa';
import { AppError, InvalidApiKeyError } from '../../shared/errors.ts';
import type { z, ZodType } from 'zod';
import type { AuthContext } from '../auth-context.ts';
import { validateRequestPart } from '../middleware/validate.ts';
import { allowHeader, createPathResolver, createShadowCheck } from './path-templates.ts';
import { compileRoutePath, type CompiledRoutePath } from './route-matcher.ts';

import type { HttpMethod } from './http-method.ts';

export type { HttpMethod };

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
  /** `handler`: the handler records its own audit events (SSO sign-ins, refusals included); the guard stays out. */
  auditedBy?: 'handler';
  /**
   * Sets or clears the session cookies (login, refresh, logout): refused from a page of another
   * site (403 CSRF_REJECTED) whatever the credential, so that no site can sign a browser in as
   * someone else (login CSRF).
   */
  setsSessionCookies?: true;
  /** Only this kind of credential is accepted (401 otherwise); the OpenAPI security lists only it. */
  credential?: 'api_key';
  handler: (input: RouteInput<z.output<P>, z.output<Q>, z.output<B>>, ctx: Context) => Promise<RouteResult> | RouteResult;
}

/** Keeps the generic parameters of a route so its handler sees the parsed, typed input. */
export function defineRoute<P extends ZodType, Q extends ZodType, B extends ZodType>(route: RouteDefinition<P, Q, B>): RouteDefinition {
  return route as unknown as RouteDefinition;
}

/** What runs around every route's handler; createApp wires them from the app's deps. */
export interface RouteGuards {
  authenticate: (ctx: Context) => Promise<AuthContext>;
  authorize: (auth: AuthContext, access: RouteAccess) => void;
  /** Counts the request (per credential, else per IP), sets X-RateLimit-*; throws RATE_LIMITED. */
  rateLimit?: (ctx: Context, route: RouteDefinition, auth: AuthContext | undefined, subject?: RateLimitSubject) => Promise<void>;
  /** Records a mutation after the handler succeeded (api/middleware/audit.ts). */
  audit?: (ctx: Context, route: RouteDefinition, auth: AuthContext | undefined) => Promise<void>;
  /** Throws 403 CSRF_REJECTED for a write sent by a page of another site (api/middleware/request-origin.ts). */
  refuseCrossSite?: (ctx: Context) => void;
}

export interface MountedRoutes {
  prefix: string;
  routes: RouteDefinition[];
  /** Rate-limited and audited as the /api/v1 routes are, though mounted elsewhere (PagerDuty's /v2 paths). */
  guarded?: true;
}

/**
 * What runs around one route's handler: authenticate → require the declared permission → count
 * the request → validate → handler → audit. The same definitions produce /openapi.json, so the
 * two cannot drift apart. `shadowed` says a path belongs to a more concrete neighbour template.
 */
function routeHandler(route: RouteDefinition, guards: RouteGuards, shadowed: (path: string) => boolean, prefix: string): Middleware {
  return async (ctx: Context, next: Next) => {
    if (shadowed(ctx.path.slice(prefix.length))) return next();
    // Which declaration answers: the response contract check (tests) reads it.
    ctx.state.route = route;
    if (route.setsSessionCookies) {
      if (!guards.refuseCrossSite) throw new Error(`${route.operationId} sets session cookies: mount it with refuseCrossSite`);
      guards.refuseCrossSite(ctx);
    }
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
      if (auth && route.credential === 'api_key' && auth.kind !== 'api_key')
        throw new InvalidApiKeyError('This endpoint takes an API key (X-API-Key)');
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
  };
}

interface DispatchEntry {
  path: CompiledRoutePath;
  handler: Middleware;
}

/** What matching leaves on the context: the handler reads `params`, metrics and traces `_matchedRoute`. */
interface RoutedContext {
  params?: Record<string, string>;
  _matchedRoute?: string;
}

/**
 * The routes of one prefix, found by their first path segment below it (a Map lookup), then
 * matched in declaration order against the few routes of that segment, the way `@koa/router`
 * matches (route-matcher.ts) but without building a layer chain per request: a handler that
 * passes (a shadowed path) hands over to the next route that matches. No template starts with a
 * parameter, so routes of different first segments never match the same path. Matching ignores
 * case, so the lookup does too.
 */
export function dispatchRoutes(prefix: string, routes: RouteDefinition[], guards: RouteGuards): Middleware {
  const templates = routes.map((route) => route.path);
  const groups = new Map<string, DispatchEntry[]>();
  for (const route of routes) {
    const segment = route.path.split('/')[1] ?? '';
    if (!route.path.startsWith('/') || segment.includes('{') || segment.includes(':'))
      throw new Error(`${route.operationId}: a route path starts with a literal segment (${route.path})`);
    const key = segment.toLowerCase();
    // A concrete path declared beside this template is not this route's (see createPathResolver).
    const handler = routeHandler(route, guards, createShadowCheck(route.path, templates), prefix);
    const entry = { path: compileRoutePath(prefix, route.method, route.path), handler };
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const lowerPrefix = prefix.toLowerCase();
  return (ctx, next) => {
    const path = ctx.path;
    const lowerPath = path.toLowerCase();
    if (!lowerPath.startsWith(lowerPrefix) || lowerPath.charCodeAt(lowerPrefix.length) !== 47 /* '/' */) return next();
    const end = lowerPath.indexOf('/', lowerPrefix.length + 1);
    const group = groups.get(lowerPath.slice(lowerPrefix.length + 1, end === -1 ? undefined : end));
    if (!group) return next();
    const method = ctx.method;
    const routed = ctx as unknown as RoutedContext;
    const runFrom = (start: number): Promise<void> => {
      for (let index = start; index < group.length; index++) {
        const entry = group[index] as DispatchEntry;
        if (!entry.path.answers(method)) continue;
        const params = entry.path.match(path);
        if (!params) continue;
        routed.params = routed.params ? { ...routed.params, ...params } : params;
        routed._matchedRoute = entry.path.koaPath;
        return Promise.resolve(entry.handler(ctx, () => runFrom(index + 1)));
      }
      return next();
    };
    return runFrom(0);
  };
}

/**
 * After a router's routes: a declared path asked with a method it lacks is 405 with `Allow`
 * listing the path's declared methods (RFC 9110), whatever the method (TRACE too); OPTIONS gets
 * the `Allow` header alone. Paths nobody declared stay 404.
 */
export function allowedMethods(prefix: string, routes: RouteDefinition[]): Middleware {
  const templateOf = createPathResolver(routes.map((route) => route.path));
  const methodsOf = new Map<string, HttpMethod[]>();
  for (const route of routes) methodsOf.set(route.path, [...(methodsOf.get(route.path) ?? []), route.method]);
  return async (ctx, next) => {
    await next();
    if (ctx.status !== 404 || ctx.body != null || !ctx.path.startsWith(prefix)) return;
    const template = templateOf(ctx.path.slice(prefix.length));
    if (!template) return;
    const allow = allowHeader(methodsOf.get(template) ?? []);
    if (ctx.method === 'OPTIONS') {
      ctx.set('Allow', allow);
      ctx.status = 200;
      ctx.body = '';
      return;
    }
    throw new AppError('METHOD_NOT_ALLOWED', `${ctx.method} is not allowed on this path; allowed: ${allow}`, { headers: { Allow: allow } });
  };
}
