import type { EntityManager } from '@mikro-orm/core';
import { IntegrationEntity, MaintenanceWindowEntity, OrganizationEntity, type MaintenanceWindow } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';

/** A maintenance window as stored. */
export interface MaintenanceWindowRecord {
  id: string;
  description: string;
  integrationIds: string[];
  startsAt: Date;
  endsAt: Date;
  rrule: string | null;
  timeZone: string;
  createdById: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type MaintenanceWindowFields = Pick<
  MaintenanceWindowRecord,
  'description' | 'integrationIds' | 'startsAt' | 'endsAt' | 'rrule' | 'timeZone'
>;

/** The organization's maintenance windows (`maintenance_windows`); every read and write is confined to it. */
export interface MaintenanceWindowStore {
  /** Latest start first. */
  list(organizationId: string, page: { limit: number; offset: number }): Promise<{ items: MaintenanceWindowRecord[]; total: number }>;
  find(organizationId: string, id: string): Promise<MaintenanceWindowRecord | undefined>;
  /** Which of the integrations are the organization's. */
  existingIntegrations(organizationId: string, ids: readonly string[]): Promise<Set<string>>;
  /** The organization's settings document, where its default time zone is. */
  organizationSettings(organizationId: string): Promise<unknown>;
  insert(organizationId: string, fields: MaintenanceWindowFields & { createdById: string | null }): Promise<MaintenanceWindowRecord>;
  update(organizationId: string, id: string, changes: Partial<MaintenanceWindowFields>): Promise<MaintenanceWindowRecord | undefined>;
  remove(organizationId: string, id: string): Promise<void>;
}

const windowRecord = (window: MaintenanceWindow): MaintenanceWindowRecord => ({
  id: window.id,
  description: window.description,
  integrationIds: window.integrationIds,
  startsAt: window.startsAt,
  endsAt: window.endsAt,
  rrule: window.rrule ?? null,
  timeZone: window.timeZone,
  createdById: window.createdById ?? null,
  createdAt: window.createdAt,
  updatedAt: window.updatedAt,
});

export function createMaintenanceWindowStore(em: EntityManager): MaintenanceWindowStore {
  const findWindow = (organizationId: string, id: string) =>
    em.findOne(MaintenanceWindowEntity, { id, organization: organizationId }, unscoped);
  return {
    async list(organizationId, page) {
      const [items, total] = await em.findAndCount(
        MaintenanceWindowEntity,
        { organization: organizationId },
        { ...unscoped, orderBy: { startsAt: 'desc', id: 'desc' }, limit: page.limit, offset: page.offset },
      );
      return { items: items.map(windowRecord), total };
    },

    async find(organizationId, id) {
      const window = await findWindow(organizationId, id);
      return window ? windowRecord(window) : undefined;
    },

    async existingIntegrations(organizationId, ids) {
      if (ids.length === 0) return new Set();
      const rows = await em.find(
        IntegrationEntity,
        { id: { $in: [...ids] }, organization: organizationId },
        { ...unscoped, fields: ['id'] },
      );
      return new Set(rows.map((row) => row.id));
    },

    async organizationSettings(organizationId) {
      return (await em.findOneOrFail(OrganizationEntity, { id: organizationId }, { ...unscoped, fields: ['settings'] })).settings;
    },

    async insert(organizationId, fields) {
      const window = em.create(MaintenanceWindowEntity, { organization: organizationId, ...fields });
      await em.flush();
      return windowRecord(window);
    },

    async update(organizationId, id, changes) {
      const window = await findWindow(organizationId, id);
      if (!window) return undefined;
      for (const [key, value] of Object.entries(changes)) if (value !== undefined) Object.assign(window, { [key]: value });
      await em.flush();
      return windowRecord(window);
    },

    async remove(organizationId, id) {
      await em.nativeDelete(MaintenanceWindowEntity, { id, organization: organizationId }, unscoped);
    },
  };
}
