import { z, type ZodType } from 'zod';
import { ERROR_STATUS } from '../shared/errors.ts';
import type { MountedRoutes, RouteDefinition } from './routes/route.ts';
import { ErrorSchema } from './schemas/common.ts';

type JsonSchema = Record<string, unknown>;

/** Named schemas (zod `.meta({ id })`) collected while converting, emitted as components. */
type Components = Map<string, JsonSchema>;

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === '$ref' && typeof inner === 'string' ? inner.replace('#/$defs/', '#/components/schemas/') : rewriteRefs(inner),
      ]),
    );
  }
  return value;
}

function toSchema(schema: ZodType, io: 'input' | 'output', components: Components): JsonSchema {
  const generated = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
  const { $schema: _ignored, $defs, ...json } = rewriteRefs(generated) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  for (const [id, definition] of Object.entries($defs ?? {})) {
    // Named schemas describe responses; request bodies stay inline, so one form per name suffices.
    if (!components.has(id)) components.set(id, definition);
  }
  return json;
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad request (malformed body)',
  401: 'Missing, invalid or expired credential (INVALID_TOKEN, INVALID_API_KEY)',
  403: 'Valid credential without the required permission (INSUFFICIENT_PERMISSIONS)',
  404: 'Not found, or not in the caller\'s organization (NOT_FOUND)',
  409: 'Conflict with the current state (CONFLICT)',
  413: 'Body too large (PAYLOAD_TOO_LARGE)',
  422: 'Request validation failed (VALIDATION_ERROR)',
  423: 'Account locked (ACCOUNT_LOCKED)',
  429: 'Rate limit exceeded (RATE_LIMITED); see Retry-After',
  500: 'Internal error (INTERNAL_ERROR)',
};

function parameters(route: RouteDefinition, components: Components): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const location of ['path', 'query'] as const) {
    const schema = location === 'path' ? route.request?.params : route.request?.query;
    if (!schema) continue;
    const json = toSchema(schema, 'input', components) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      out.push({
        name,
        in: location,
        required: location === 'path' || (json.required ?? []).includes(name),
        schema: property,
        ...(typeof property.description === 'string' ? { description: property.description } : {}),
      });
    }
  }
  return out;
}

// Every response names its request; /api/v1 responses also carry the caller's rate-limit window.
const REQUEST_ID_HEADER = { 'X-Request-ID': { $ref: '#/components/headers/X-Request-ID' } };
const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
  'X-RateLimit-Reset': { $ref: '#/components/headers/X-RateLimit-Reset' },
};

function operation(route: RouteDefinition, components: Components, rateLimited: boolean): JsonSchema {
  const headers = { ...REQUEST_ID_HEADER, ...(rateLimited ? RATE_LIMIT_HEADERS : {}) };
  const responses: Record<string, JsonSchema> = {};
  for (const [status, spec] of Object.entries(route.responses)) {
    responses[status] = {
      description: spec.description,
      headers,
      ...(spec.schema ? { content: { [spec.contentType ?? 'application/json']: { schema: toSchema(spec.schema, 'output', components) } } } : {}),
    };
  }
  const errorStatuses = new Set<number>([...(route.errors ?? []), 429, 500]);
  if (route.access !== 'public') errorStatuses.add(401);
  if (route.access !== 'public' && route.access !== 'authenticated') errorStatuses.add(403);
  if (route.request?.body || route.request?.query || route.request?.params) errorStatuses.add(422);
  if (route.request?.body) errorStatuses.add(400).add(413);
  for (const status of [...errorStatuses].sort()) {
    responses[String(status)] ??= {
      description: ERROR_DESCRIPTIONS[status] ?? 'Error',
      headers: status === 429 ? { ...headers, 'Retry-After': { $ref: '#/components/headers/Retry-After' } } : headers,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  const body = route.request?.body;
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: route.tags,
    ...(route.access === 'public' ? { security: [] } : {}),
    ...(route.access !== 'public' && route.access !== 'authenticated' ? { 'x-required-permission': route.access } : {}),
    parameters: parameters(route, components),
    ...(body
      ? {
          requestBody: {
            required: true,
            content: Object.fromEntries((route.request?.bodyContentTypes ?? ['application/json']).map((type) => [type, { schema: toSchema(body, 'input', components) }])),
          },
        }
      : {}),
    responses,
  };
}

/** Builds the OpenAPI 3.1 description from the same route definitions the router mounts. */
export function buildOpenApiDocument(mounted: MountedRoutes[], info: { version: string; serverUrl?: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const components: Components = new Map();
  const errorSchema = toSchema(ErrorSchema, 'output', components);
  for (const { prefix, routes } of mounted) {
    for (const route of routes) {
      const path = `${prefix}${route.path}`;
      paths[path] ??= {};
      paths[path][route.method] = operation(route, components, prefix !== '');
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tocsin API',
      version: info.version,
      description: 'Incident management: alerts in from monitoring platforms, incidents, runbooks and search out. Every request is scoped to the organization of its credential.',
    },
    servers: [{ url: info.serverUrl ?? '/' }],
    security: [{ bearerAuth: [] }, { apiKeyAuth: [] }],
    paths,
    components: {
      schemas: { ...Object.fromEntries([...components].sort(([a], [b]) => a.localeCompare(b))), ...(errorSchema.$ref ? {} : { Error: errorSchema }) },
      headers: {
        'X-Request-ID': { description: 'Echoes a well-formed incoming X-Request-ID, else a generated one', schema: { type: 'string' } },
        'X-RateLimit-Limit': { description: 'Requests allowed in the current window', schema: { type: 'integer' } },
        'X-RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer' } },
        'X-RateLimit-Reset': { description: 'UTC epoch seconds when the window resets', schema: { type: 'integer' } },
        'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } },
      },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      },
    },
    'x-error-codes': ERROR_STATUS,
  };
}
