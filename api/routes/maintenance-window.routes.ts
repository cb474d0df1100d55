import { envelope, IdParams, pageEnvelope } from '../schemas/common.ts';
import {
  CreateMaintenanceWindowBody,
  MaintenanceWindowListQuery,
  MaintenanceWindowListResponse,
  MaintenanceWindowResponse,
  UpdateMaintenanceWindowBody,
} from '../schemas/maintenance-window.schemas.ts';
import type { MaintenanceWindowService } from '../services/maintenance-window.service.ts';
import { defineRoute } from './route.ts';
import { maintenanceWindowDocs } from '../docs/maintenance-window.ts';

export function maintenanceWindowRoutes(windows: MaintenanceWindowService) {
  return [
    defineRoute({
      method: 'get',
      path: '/maintenance-windows',
      operationId: 'listMaintenanceWindows',
      summary: 'List maintenance windows',
      description: maintenanceWindowDocs.listMaintenanceWindows,
      tags: ['maintenance-windows'],
      access: 'silences:read',
      request: { query: MaintenanceWindowListQuery },
      responses: { 200: { description: 'A page of maintenance windows', schema: MaintenanceWindowListResponse } },
      handler: async ({ auth, query }) => ({ body: pageEnvelope(await windows.list(auth, query), query) }),
    }),
    defineRoute({
      method: 'post',
      path: '/maintenance-windows',
      operationId: 'createMaintenanceWindow',
      summary: 'Plan a maintenance window, one-off or recurring',
      description: maintenanceWindowDocs.createMaintenanceWindow,
      tags: ['maintenance-windows'],
      access: 'silences:create',
      request: { body: CreateMaintenanceWindowBody },
      responses: { 201: { description: 'Created', schema: MaintenanceWindowResponse } },
      handler: async ({ auth, body }) => ({ status: 201, body: envelope(await windows.create(auth, body)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/maintenance-windows/{id}',
      operationId: 'getMaintenanceWindow',
      summary: 'Read a maintenance window',
      tags: ['maintenance-windows'],
      access: 'silences:read',
      request: { params: IdParams },
      responses: { 200: { description: 'The maintenance window', schema: MaintenanceWindowResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await windows.get(auth, params.id)) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/maintenance-windows/{id}',
      operationId: 'updateMaintenanceWindow',
      summary: 'Change a maintenance window',
      description: maintenanceWindowDocs.updateMaintenanceWindow,
      tags: ['maintenance-windows'],
      access: 'silences:update',
      request: { params: IdParams, body: UpdateMaintenanceWindowBody },
      responses: { 200: { description: 'The maintenance window', schema: MaintenanceWindowResponse } },
      errors: [404],
      handler: async ({ auth, params, body }) => ({ body: envelope(await windows.update(auth, params.id, body)) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/maintenance-windows/{id}',
      operationId: 'deleteMaintenanceWindow',
      summary: 'Remove a maintenance window',
      description: maintenanceWindowDocs.deleteMaintenanceWindow,
      tags: ['maintenance-windows'],
      access: 'silences:update',
      request: { params: IdParams },
      responses: { 204: { description: 'Removed' } },
      errors: [404],
      handler: async ({ auth, params }) => {
        await windows.remove(auth, params.id);
        return { status: 204 };
      },
    }),
  ];
}
