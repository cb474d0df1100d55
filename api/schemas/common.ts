import { z } from 'zod';
import { ERROR_STATUS } from '../../shared/errors.ts';

export const ErrorResponse = z
  .object({
    detail: z.string(),
    status_code: z.number().int(),
    code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]]),
    request_id: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    required_permission: z.string().optional().describe('403 INSUFFICIENT_PERMISSIONS: the permission the request needed'),
    ungrantable_permissions: z.array(z.string()).optional().describe('403 on creating an API key: the permissions its creator lacks'),
    setting: z.string().optional().describe('403 INSUFFICIENT_PERMISSIONS refused by an organization setting: which one'),
    supported: z
      .array(z.object({ os: z.string(), arch: z.string() }))
      .optional()
      .describe('422 on GET /helper/download: the platforms there are builds for'),
  })
  .meta({
    id: 'Error',
    description: 'Every API error. `errors` lists field problems on 422; the other optional fields say more about some errors.',
  });

/**
 * What `String.prototype.trim` removes (ECMAScript WhiteSpace and LineTerminator), spelt out: JSON
 * Schema consumers disagree on what `\s` covers.
 */
const TRIMMED = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
const NOT_BLANK = new RegExp(`[^${TRIMMED}]`);

/** A trimmed, non-empty string; the pattern tells schema readers that whitespace alone is empty. */
// `abort`: an empty string gets one error, not two.
export const nonBlankText = () => z.string().trim().min(1, { abort: true }).regex(NOT_BLANK, 'must not be blank');

/**
 * A body that must carry at least one of `keys` (by default any of its fields): the refine
 * validates, the `anyOf` says it in the OpenAPI description.
 */
export function requireAnyOf<T extends z.ZodObject>(
  schema: T,
  message = 'At least one field is required',
  keys: string[] = Object.keys(schema.shape),
) {
  return schema
    .refine((body) => keys.some((key) => (body as Record<string, unknown>)[key] !== undefined), { message })
    .meta({ anyOf: keys.map((key) => ({ required: [key] })) });
}

const withinRfc5321 = (address: string) => {
  const at = address.lastIndexOf('@');
  return (
    at >= 1 &&
    at <= 64 &&
    address
      .slice(at + 1)
      .split('.')
      .every((label) => label.length <= 63)
  );
};

/**
 * An email address as zod reads one, within RFC 5321's limits (local part 64, each domain label
 * 63, whole address 254 characters): what the `email` format the description declares means to
 * OpenAPI tools. The limits are a refine, not patterns: generators handle one pattern and a format.
 */
export const emailAddress = () =>
  // `abort`: an address that is no address at all gets one error, not two.
  z.email({ abort: true }).max(254).refine(withinRfc5321, 'local part longer than 64 or domain label longer than 63 characters');

export const IdParams = z.object({ id: z.uuid() });

/** `limit` above 100 is clamped; a non-integer or negative value is a 422, as the contract says. */
export const PaginationQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(25)
    .transform((limit) => Math.min(limit, 100)),
  offset: z.coerce.number().int().min(0).default(0),
});

export const timestamp = () => z.iso.datetime().describe('ISO 8601 UTC timestamp');

export function single<T extends z.ZodType>(data: T) {
  return z.object({ data, meta: z.object({}).catchall(z.unknown()) });
}

export function list<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    meta: z.object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int() }),
  });
}

/**
 * `true` only when A and B are the same type. A view written out in shared/ (the worker builds it
 * too, and shared/ does not import api/) is pinned to its response schema with it:
 * `export const fooViewIsFooSchema: SameType<FooView, z.output<typeof FooSchema>> = true;`
 */
export type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export const envelope = <T>(data: T) => ({ data, meta: {} });
/** The list envelope of one page a service returned, for the query that asked for it. */
export const pageEnvelope = <T>(page: { items: T[]; total: number }, query: { limit: number; offset: number }) => ({
  data: page.items,
  meta: { total: page.total, limit: query.limit, offset: query.offset },
});
