import { AdminAuditListResponse, AdminStatsResponse, AuditListResponse, AuditQuery } from '../schemas/audit.schemas.ts';
import { envelope, pageEnvelope } from '../schemas/common.ts';
import type { AdminService } from '../services/admin.service.ts';
import type { AuditService } from '../services/audit.service.ts';
import { defineRoute } from './route.ts';
import { auditDocs } from '../docs/audit.ts';

export function auditRoutes(audit: AuditService, admin: AdminService) {
  return [
    defineRoute({
      method: 'get',
      path: '/audit',
      operationId: 'listAuditEvents',
      summary: 'Audit events of the organization (read-only)',
      description: auditDocs.listAuditEvents,
      tags: ['audit'],
      access: 'audit:read',
      request: { query: AuditQuery },
      responses: { 200: { description: 'Audit events', schema: AuditListResponse } },
      handler: async ({ auth, query }) => ({ body: pageEnvelope(await audit.list(auth, query), query) }),
    }),
    defineRoute({
      method: 'get',
      path: '/admin/audit',
      operationId: 'listAdminAuditEvents',
      summary: 'Audit events with actor details (owners and admins)',
      description: auditDocs.listAdminAuditEvents,
      tags: ['admin'],
      access: 'admin:read',
      request: { query: AuditQuery },
      responses: { 200: { description: 'Audit events', schema: AdminAuditListResponse } },
      handler: async ({ auth, query }) => ({ body: pageEnvelope(await audit.listDetailed(auth, query), query) }),
    }),
    defineRoute({
      method: 'get',
      path: '/admin/stats',
      operationId: 'getAdminStats',
      summary: 'Statistics of the organization (owners and admins)',
      tags: ['admin'],
      access: 'admin:read',
      responses: { 200: { description: "Counts and the plan's rate limits", schema: AdminStatsResponse } },
      handler: async ({ auth }) => ({ body: envelope(await admin.stats(auth)) }),
    }),
  ];
}
