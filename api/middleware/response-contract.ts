import type { Middleware } from 'koa';
import type { ZodType } from 'zod';
import type { RouteDefinition } from '../routes/route.ts';
import { ErrorResponse } from '../schemas/common.ts';

/** What `responseContract` reports, on the app as this event and in the 500 it answers instead. */
export const CONTRACT_VIOLATION_EVENT = 'response-contract-violation';

export interface ContractViolation {
  operationId: string;
  method: string;
  path: string;
  status: number;
  problems: string[];
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Fields the body carries that the schema does not declare: zod drops them when it parses, so
 * they are what the parsed value lacks. The OpenAPI description says `additionalProperties: false`.
 */
function undeclaredFields(sent: unknown, parsed: unknown, path: string): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed))
    return sent.flatMap((item, index) => undeclaredFields(item, parsed[index], `${path}[${index}]`));
  if (!isObject(sent) || !isObject(parsed)) return [];
  return Object.keys(sent).flatMap((key) =>
    key in parsed ? undeclaredFields(sent[key], parsed[key], `${path}.${key}`) : [`${path}.${key}: not declared by the schema`],
  );
}

/** The schema a route declares for a status: its own, the error envelope for an undeclared error, none for a bodiless answer. */
function declaredSchema(route: RouteDefinition, status: number): { schema?: ZodType } | undefined {
  const declared = route.responses[status];
  if (declared) return { schema: declared.schema };
  return status >= 400 ? { schema: ErrorResponse } : undefined;
}

/**
 * How a JSON body (as it goes on the wire) differs from what `route` declares for `status`; empty
 * when it matches. Pure, for the middleware and its table test.
 */
export function responseProblems(route: RouteDefinition, status: number, body: Json): string[] {
  const declared = declaredSchema(route, status);
  if (!declared) return [`status ${status} is not declared (declared: ${Object.keys(route.responses).join(', ')})`];
  if (!declared.schema) return [`status ${status} is declared without a body, yet the answer has one`];
  const result = declared.schema.safeParse(body);
  if (!result.success)
    return result.error.issues.map(
      (issue) => `$${issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('')}: ${issue.message}`,
    );
  return undeclaredFields(body, result.data, '$');
}

/**
 * Test-only (`RESPONSE_CONTRACT_CHECK`): checks every JSON answer of a declared route against the
 * schema the route declares for its status, errors included, as a client reading /openapi.json
 * would. A mismatch is a contract bug: the answer becomes a 500 naming the problems, and the app
 * emits CONTRACT_VIOLATION_EVENT, so the test that caused it fails whatever it asserts. Outermost
 * but for the request id, so it sees the error envelopes the error handler renders.
 */
export function responseContract(): Middleware {
  return async (ctx, next) => {
    await next();
    const route = ctx.state.route as RouteDefinition | undefined;
    const body: unknown = ctx.body;
    // Streams, buffers and text (metrics, metadata XML, downloads) are not JSON answers.
    if (
      !route ||
      body == null ||
      typeof body !== 'object' ||
      Buffer.isBuffer(body) ||
      typeof (body as { pipe?: unknown }).pipe === 'function'
    )
      return;
    const problems = responseProblems(route, ctx.status, JSON.parse(JSON.stringify(body)) as Json);
    if (problems.length === 0) return;
    const violation: ContractViolation = {
      operationId: route.operationId,
      method: ctx.method,
      path: ctx.path,
      status: ctx.status,
      problems,
    };
    ctx.app.emit(CONTRACT_VIOLATION_EVENT, violation);
    ctx.status = 500;
    ctx.body = {
      detail: `The ${violation.status} answer of ${route.operationId} does not match its declared schema: ${problems.join('; ')}`,
      status_code: 500,
      code: 'INTERNAL_ERROR',
      request_id: String(ctx.state.requestId ?? ''),
    };
  };
}
