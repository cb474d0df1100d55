import { envelope } from '../schemas/common.ts';
import {
  OrganizationResponse,
  UpdateOrganizationSettingsBody,
  OrganizationSettingsResponse,
  UpdateOrganizationBody,
} from '../schemas/organization.schemas.ts';
import type { OrganizationService } from '../services/organization.service.ts';
import { defineRoute } from './route.ts';
import { organizationDocs } from '../docs/organization.ts';

export function organizationRoutes(organizations: OrganizationService) {
  return [
    defineRoute({
      method: 'get',
      path: '/organizations',
      operationId: 'getOrganization',
      summary: 'The current organization',
      description: organizationDocs.getOrganization,
      tags: ['organizations'],
      access: 'organizations:read',
      responses: { 200: { description: 'The organization', schema: OrganizationResponse } },
      handler: async ({ auth }) => ({ body: envelope(await organizations.get(auth)) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/organizations',
      operationId: 'updateOrganization',
      summary: 'Rename the current organization',
      description: organizationDocs.updateOrganization,
      tags: ['organizations'],
      access: 'organizations:update',
      request: { body: UpdateOrganizationBody },
      responses: { 200: { description: 'The organization', schema: OrganizationResponse } },
      handler: async ({ auth, body }) => ({ body: envelope(await organizations.update(auth, body)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/organization-settings',
      operationId: 'getOrganizationSettings',
      summary: 'All settings of the organization, defaults included',
      tags: ['settings'],
      access: 'settings:read',
      responses: { 200: { description: 'Settings', schema: OrganizationSettingsResponse } },
      handler: async ({ auth }) => ({ body: envelope(await organizations.getSettings(auth)) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/organization-settings',
      operationId: 'updateOrganizationSettings',
      summary: 'Update some settings',
      description: organizationDocs.updateOrganizationSettings,
      tags: ['settings'],
      access: 'settings:update',
      request: { body: UpdateOrganizationSettingsBody },
      responses: { 200: { description: 'The settings after the change', schema: OrganizationSettingsResponse } },
      handler: async ({ auth, body }) => ({ body: envelope(await organizations.updateSettings(auth, body)) }),
    }),
  ];
}
