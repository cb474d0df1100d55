import { z } from 'zod';
import { ROLES } from '../../shared/domain/permissions.ts';
import { RATE_LIMIT_CLASSES } from '../../shared/domain/plans.ts';
import { OrganizationSchema } from './auth.schemas.ts';
import { list, PaginationQuery, single, timestamp } from './common.ts';

export const AuditQuery = PaginationQuery.extend({
  event_type: z
    .string()
    .regex(/^[a-z_-]+(\.[a-z_-]+)?$/, 'must look like "users" or "users.update"')
    .optional()
    .describe('`<resource>.<what>` exactly (e.g. `users.update`, `auth.login`), or a resource alone for all its events'),
  action: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,100}$/, 'must be an operationId')
    .optional()
    .describe('The operationId, e.g. `updateUser`'),
  actor_id: z.uuid().optional().describe('A user id or an API key id'),
  from: z.iso.datetime({ offset: true }).optional().describe('Events at or after this time'),
  to: z.iso.datetime({ offset: true }).optional().describe('Events at or before this time'),
}).describe('`from` after `to` is an empty range: no events');

const actor = z.object({
  type: z.enum(['user', 'api_key']),
  user_id: z.uuid().nullable(),
  api_key_id: z.uuid().nullable(),
});

export const AuditEventSchema = z
  .object({
    id: z.uuid(),
    event_type: z.string(),
    action: z.string().describe('operationId of the request'),
    method: z.string(),
    path: z.string().describe('Path template below /api/v1'),
    target_type: z.string().nullable(),
    target_id: z.string().nullable(),
    actor,
    ip: z.string().nullable(),
    request_id: z.string(),
    status_code: z.number().int(),
    created_at: timestamp(),
  })
  .meta({ id: 'AuditEvent' });

export const AdminAuditEventSchema = AuditEventSchema.extend({
  actor: actor.extend({ email: z.string().nullable(), name: z.string().nullable(), api_key_name: z.string().nullable() }),
  user_agent: z.string().nullable(),
}).meta({ id: 'AdminAuditEvent' });

const count = z.number().int();

export const AdminStatsSchema = z
  .object({
    organization: OrganizationSchema,
    users: z.object({ total: count, by_role: z.record(z.enum(ROLES), count) }),
    invitations: z.object({ pending: count }),
    api_keys: z.object({ active: count }),
    integrations: z.object({ total: count, enabled: count }),
    incidents: z.object({ total: count, open: count }),
    audit_events: z.object({ total: count, last_24h: count }),
    rate_limits: z.object({ plan: z.string(), per_hour: z.record(z.enum(RATE_LIMIT_CLASSES), count) }),
  })
  .meta({ id: 'AdminStats' });

/** What the services return: the response schemas are the contract, these types follow them. */
export type AuditEventView = z.output<typeof AuditEventSchema>;
export type AdminAuditEventView = z.output<typeof AdminAuditEventSchema>;
export type AdminStatsView = z.output<typeof AdminStatsSchema>;

export const AuditListResponse = list(AuditEventSchema);
export const AdminAuditListResponse = list(AdminAuditEventSchema);
export const AdminStatsResponse = single(AdminStatsSchema);
