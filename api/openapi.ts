import { z, type ZodType } from 'zod';
import { ERROR_STATUS } from '../shared/errors.ts';
import type { MountedRoutes, RouteDefinition } from './routes/route.ts';
import { ErrorResponse } from './schemas/common.ts';

type JsonSchema = Record<string, unknown>;

/** Named schemas (zod `.meta({ id })`) collected while converting, emitted as components. */
type Components = Map<string, JsonSchema>;

function rewriteRefs(value: unknown, suffix: string): unknown {
  if (Array.isArray(value)) return value.map((inner) => rewriteRefs(inner, suffix));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')
          ? `${inner.replace('#/$defs/', '#/components/schemas/')}${suffix}`
          : rewriteRefs(inner, suffix),
      ]),
    );
  }
  return value;
}

/**
 * validateRequestPart refuses a NUL character in any string or key of a request (PostgreSQL cannot
 * store one), whatever the field's own schema says; request schemas say so too, so that what they
 * declare valid is exactly what the API accepts.
 */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';
const STORABLE_JSON_REF = '#/components/schemas/StorableJson';
export const STORABLE_JSON_SCHEMA: JsonSchema = {
  description: 'Any JSON value without a NUL character in its strings or keys',
  anyOf: [
    { type: 'string', pattern: NO_NUL_PATTERN },
    { type: 'number' },
    { type: 'boolean' },
    { type: 'null' },
    { type: 'array', items: { $ref: STORABLE_JSON_REF } },
    { type: 'object', propertyNames: { pattern: NO_NUL_PATTERN }, additionalProperties: { $ref: STORABLE_JSON_REF } },
  ],
};

const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly']);
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
// `propertyNames` is not among them: the object rule below gives it the NUL rule once.
const SUBSCHEMAS = ['items', 'additionalProperties', 'contains', 'unevaluatedProperties'];

function withPattern(schema: JsonSchema, pattern: string): JsonSchema {
  if (schema.pattern === undefined) return { ...schema, pattern };
  return { ...schema, allOf: [...((schema.allOf as JsonSchema[] | undefined) ?? []), { pattern }] };
}

/** A request schema as the API applies it: no NUL in any free string or key, anywhere (pure). */
export function storableInput(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const schema: JsonSchema = { ...(value as JsonSchema) };
  // `{}` (z.unknown(), a record's values): any JSON the API stores, so without NUL.
  if (Object.keys(schema).every((key) => ANNOTATIONS.has(key))) return { ...schema, $ref: STORABLE_JSON_REF };
  for (const key of SUBSCHEMA_LISTS) if (Array.isArray(schema[key])) schema[key] = (schema[key] as unknown[]).map(storableInput);
  for (const key of SUBSCHEMAS) if (schema[key] !== undefined) schema[key] = storableInput(schema[key]);
  if (schema.properties) {
    schema.properties = Object.fromEntries(
      Object.entries(schema.properties as JsonSchema).map(([name, inner]) => [name, storableInput(inner)]),
    );
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const free = schema.enum === undefined && schema.const === undefined && schema.format === undefined;
  let out = schema;
  if (types.includes('string') && free) out = withPattern(out, NO_NUL_PATTERN);
  if (types.includes('object')) {
    // Unknown properties are checked too before they are dropped.
    out.additionalProperties ??= { $ref: STORABLE_JSON_REF };
    const names = (out.propertyNames as JsonSchema | undefined) ?? {};
    out.propertyNames = names.enum !== undefined || names.const !== undefined ? names : withPattern(names, NO_NUL_PATTERN);
  }
  return out;
}

/**
 * Converts one schema. Named schemas (zod `.meta({ id })`) become components; a request's form of
 * a named schema (defaults optional, NUL refused) is `<Name>Input`, distinct from its response form.
 */
function toSchema(schema: ZodType, io: 'input' | 'output', components: Components): JsonSchema {
  const generated = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
  const suffix = io === 'input' ? 'Input' : '';
  const forRequests = (json: JsonSchema) => (io === 'input' ? (storableInput(json) as JsonSchema) : json);
  const { $schema: _ignored, $defs, ...json } = rewriteRefs(generated, suffix) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  for (const [id, definition] of Object.entries($defs ?? {})) {
    if (!components.has(`${id}${suffix}`)) components.set(`${id}${suffix}`, forRequests(definition));
  }
  return forRequests(json);
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad request (malformed body)',
  401: 'Missing, invalid or expired credential (INVALID_TOKEN, INVALID_API_KEY)',
  403: 'Valid credential without the required permission (INSUFFICIENT_PERMISSIONS), or a write sent by a page of another site with the session cookie (CSRF_REJECTED)',
  404: "Not found, or not in the caller's organization (NOT_FOUND)",
  409: 'Conflict with the current state (CONFLICT)',
  413: 'Body too large (PAYLOAD_TOO_LARGE)',
  422: 'Request validation failed (VALIDATION_ERROR)',
  423: 'Account locked after repeated failed logins (ACCOUNT_LOCKED), even for the right password; see Retry-After',
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
      ...(spec.schema
        ? { content: { [spec.contentType ?? 'application/json']: { schema: toSchema(spec.schema, 'output', components) } } }
        : {}),
    };
  }
  const errorStatuses = new Set<number>([...(route.errors ?? []), 429, 500]);
  if (route.access !== 'public') errorStatuses.add(401);
  if (route.access !== 'public' && route.access !== 'authenticated') errorStatuses.add(403);
  // A write the session cookie authenticates, or a cookie-setting route, refuses other sites (CSRF_REJECTED).
  if ((route.access !== 'public' && route.method !== 'get') || route.setsSessionCookies) errorStatuses.add(403);
  if (route.request?.body || route.request?.query || route.request?.params) errorStatuses.add(422);
  if (route.request?.body) errorStatuses.add(400).add(413);
  for (const status of [...errorStatuses].sort()) {
    responses[String(status)] ??= {
      description: ERROR_DESCRIPTIONS[status] ?? 'Error',
      headers: status === 429 || status === 423 ? { ...headers, 'Retry-After': { $ref: '#/components/headers/Retry-After' } } : headers,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  const body = route.request?.body;
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: route.tags,
    ...(route.access === 'public' ? { security: [] } : route.credential === 'api_key' ? { security: [{ apiKeyAuth: [] }] } : {}),
    ...(route.access !== 'public' && route.access !== 'authenticated' ? { 'x-required-permission': route.access } : {}),
    parameters: parameters(route, components),
    ...(body
      ? {
          requestBody: {
            required: true,
            content: Object.fromEntries(
              (route.request?.bodyContentTypes ?? ['application/json']).map((type) => [
                type,
                { schema: toSchema(body, 'input', components) },
              ]),
            ),
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
  const errorSchema = toSchema(ErrorResponse, 'output', components);
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
      description:
        'Incident management: alerts in from monitoring platforms, incidents, runbooks and search out. Every request is scoped to the organization of its credential.',
    },
    servers: [{ url: info.serverUrl ?? '/' }],
    security: [{ bearerAuth: [] }, { apiKeyAuth: [] }, { passwordLogin: [] }],
    paths,
    components: {
      schemas: {
        ...Object.fromEntries([...components].sort(([a], [b]) => a.localeCompare(b))),
        ...(errorSchema.$ref ? {} : { Error: errorSchema }),
        StorableJson: STORABLE_JSON_SCHEMA,
      },
      headers: {
        'X-Request-ID': { description: 'Echoes a well-formed incoming X-Request-ID, else a generated one', schema: { type: 'string' } },
        'X-RateLimit-Limit': { description: 'Requests allowed in the current window', schema: { type: 'integer' } },
        'X-RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer' } },
        'X-RateLimit-Reset': { description: 'UTC epoch seconds when the window resets', schema: { type: 'integer' } },
        'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } },
      },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'The access token in `Authorization: Bearer`. Browsers may rely on the `access_token` cookie instead (no Authorization or X-API-Key header): ' +
            "then a request other than GET, HEAD or OPTIONS must come from the instance's own origin (its public address, or the origin it was sent to) or one of its allowed browser origins, " +
            'judged by `Origin` (or `Sec-Fetch-Site: same-origin`); from a page of another site it is 403 CSRF_REJECTED. Login, refresh and logout, which set the cookies, are checked the same way whatever the credential. ' +
            'Requests with neither header (curl, SDKs) are not affected.',
        },
        apiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        // How the bearer token is obtained: login is an OAuth2 password grant (form `username` +
        // `password`, or JSON), refresh its refresh endpoint. Clients (and Swagger UI) use it as such.
        passwordLogin: {
          type: 'oauth2',
          flows: { password: { tokenUrl: '/api/v1/auth/login', refreshUrl: '/api/v1/auth/refresh', scopes: {} } },
        },
      },
    },
    'x-error-codes': ERROR_STATUS,
  };
}
