import { z } from 'zod';
import { ERROR_STATUS } from '../../shared/errors.ts';

export const ErrorSchema = z
  .object({
    detail: z.string(),
    status_code: z.number().int(),
    code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]]),
    request_id: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error', description: 'Every API error. `errors` lists field problems on 422.' });

export const IdParamsSchema = z.object({ id: z.uuid() });

/** `limit` above 100 is clamped; a non-integer or negative value is a 422, as the contract says. */
export const PaginationQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).default(25).transform((limit) => Math.min(limit, 100)),
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

export const envelope = <T>(data: T) => ({ data, meta: {} });
/** The list envelope of one page a service returned, for the query that asked for it. */
export const pageEnvelope = <T>(page: { items: T[]; total: number }, query: { limit: number; offset: number }) => ({
  data: page.items,
  meta: { total: page.total, limit: query.limit, offset: query.offset },
});
