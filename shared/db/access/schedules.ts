import type { EntityManager } from '@mikro-orm/core';
import { newGaps, withoutUser } from '../../domain/schedule.ts';
import { scheduleDefinition, type ImportedEvents } from '../../domain/schedule-definition.ts';
import {
  ScheduleEntity,
  ScheduleIcalFeedEntity,
  ScheduleOverrideEntity,
  TeamEntity,
  UserEntity,
  type Schedule,
  type ScheduleOverride,
} from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import { organizationTransaction } from './organization-transaction.ts';
import { recordScheduleUpdated } from './schedule-events.ts';
import { createScheduleIcalFeedStore, importedEvents, type IcalFeedStatus, type ScheduleIcalFeedStore } from './schedule-ical-feeds.ts';
import { onCallSnapshotSource, type OnCallSnapshotSource } from './schedule-on-call.ts';

/** How far ahead the gaps a removal opens are reported. */
export const REMOVAL_GAP_HORIZON_MS = 28 * 86_400_000;

export type ScheduleFields = Pick<Schedule, 'name' | 'description' | 'timeZone' | 'layers' | 'teamId'>;

/** What a `schedule.updated` event says: which schedule, why, and what the relay needs. */
export type ScheduleUpdate = { schedule_id: string; reason: string } & Record<string, unknown>;

/** A schedule write, inside one transaction and confined to one organization. */
export interface ScheduleUnit {
  find(id: string): Promise<Schedule | undefined>;
  /** How many schedules the organization has. */
  count(): Promise<number>;
  /** Which of `userIds` are members of the organization. */
  existingUsers(userIds: readonly string[]): Promise<Set<string>>;
  isTeam(teamId: string): Promise<boolean>;
  /** Written when the transaction ends. */
  insert(fields: ScheduleFields): Schedule;
  /** Its overrides and calendars go with it (cascade). */
  remove(schedule: Schedule): void;
  /** The organization's calendars of `ical` layers, their changes staged in this transaction. */
  icalFeeds: ScheduleIcalFeedStore;
  /** How many of the schedule's overrides overlap `[from, to)`. */
  overridesOverlapping(scheduleId: string, from: Date, to: Date): Promise<number>;
  findOverride(scheduleId: string, overrideId: string): Promise<ScheduleOverride | undefined>;
  /** Written when the transaction ends. */
  insertOverride(
    schedule: Schedule,
    fields: Pick<ScheduleOverride, 'userId' | 'startAt' | 'endAt'> & { createdBy: string | null },
  ): ScheduleOverride;
  removeOverride(override: ScheduleOverride): void;
  /** A `schedule.updated` event, written with the rest. */
  recordUpdated(update: ScheduleUpdate): void;
}

/** Every read and write is confined to the organization given. */
export interface ScheduleStore extends OnCallSnapshotSource {
  /** By name; only the team's, when given. */
  list(organizationId: string, page: { limit: number; offset: number; teamId?: string }): Promise<{ items: Schedule[]; total: number }>;
  find(organizationId: string, id: string): Promise<Schedule | undefined>;
  /** Overrides of the schedules that reach past `from` and start before `to` (when given), oldest first. */
  overridesOf(
    organizationId: string,
    scheduleIds: readonly string[],
    window: { from: Date; to?: Date; limit?: number },
  ): Promise<ScheduleOverride[]>;
  /** The fetch status of the schedules' calendars, by layer id. */
  icalStatusOf(organizationId: string, scheduleIds: readonly string[]): Promise<Map<string, IcalFeedStatus>>;
  /** The events the schedules' calendars imported, by layer id. */
  importedEvents(organizationId: string, scheduleIds: readonly string[]): Promise<ImportedEvents>;
  /** Whether the schedule has a calendar for the layer. */
  hasIcalLayer(organizationId: string, scheduleId: string, layerId: string): Promise<boolean>;
  /** The names of those of `userIds` that are members of the organization. */
  memberNames(organizationId: string, userIds: readonly string[]): Promise<Map<string, string>>;
  /** Runs `work` in one transaction, flushing what it changed at its end: all of it or none. */
  transaction<T>(organizationId: string, work: (unit: ScheduleUnit) => Promise<T>): Promise<T>;
}

/** The organization's on-call schedules (`schedules`), their overrides and their calendars. */
export function createScheduleStore(em: EntityManager): ScheduleStore {
  const findSchedule = async (work: EntityManager, organizationId: string, id: string) =>
    (await work.findOne(ScheduleEntity, { id, organization: organizationId }, unscoped)) ?? undefined;

  const unit = (tx: EntityManager, organizationId: string): ScheduleUnit => ({
    find: (id) => findSchedule(tx, organizationId, id),
    count: () => tx.count(ScheduleEntity, { organization: organizationId }, unscoped),
    async existingUsers(userIds) {
      const unique = [...new Set(userIds)];
      if (unique.length === 0) return new Set();
      const rows = await tx.find(UserEntity, { organization: organizationId, id: { $in: unique } }, { ...unscoped, fields: ['id'] });
      return new Set(rows.map((row) => row.id));
    },
    isTeam: async (teamId) => (await tx.count(TeamEntity, { id: teamId, organization: organizationId }, unscoped)) > 0,
    insert: (fields) => tx.create(ScheduleEntity, { organization: organizationId, ...fields }),
    remove: (schedule) => tx.remove(schedule),
    icalFeeds: createScheduleIcalFeedStore(tx),
    overridesOverlapping: (scheduleId, from, to) =>
      tx.count(
        ScheduleOverrideEntity,
        { organization: organizationId, schedule: scheduleId, startAt: { $lt: to }, endAt: { $gt: from } },
        unscoped,
      ),
    findOverride: async (scheduleId, overrideId) =>
      (await tx.findOne(ScheduleOverrideEntity, { id: overrideId, schedule: scheduleId, organization: organizationId }, unscoped)) ??
      undefined,
    insertOverride: (schedule, fields) => tx.create(ScheduleOverrideEntity, { organization: organizationId, schedule, ...fields }),
    removeOverride: (override) => tx.remove(override),
    recordUpdated: (update) => recordScheduleUpdated(tx, organizationId, update),
  });

  return {
    async list(organizationId, page) {
      const [items, total] = await em.findAndCount(
        ScheduleEntity,
        { organization: organizationId, ...(page.teamId ? { teamId: page.teamId } : {}) },
        { ...unscoped, orderBy: { name: 'asc', id: 'asc' }, limit: page.limit, offset: page.offset },
      );
      return { items, total };
    },
    find: (organizationId, id) => findSchedule(em, organizationId, id),
    async overridesOf(organizationId, scheduleIds, window) {
      if (scheduleIds.length === 0) return [];
      return em.find(
        ScheduleOverrideEntity,
        {
          organization: organizationId,
          schedule: { $in: [...scheduleIds] },
          endAt: { $gt: window.from },
          ...(window.to ? { startAt: { $lt: window.to } } : {}),
        },
        { ...unscoped, orderBy: { createdAt: 'asc', id: 'asc' }, ...(window.limit ? { limit: window.limit } : {}) },
      );
    },
    icalStatusOf: (organizationId, scheduleIds) => createScheduleIcalFeedStore(em).statusOf(organizationId, scheduleIds),
    importedEvents: (organizationId, scheduleIds) => importedEvents(em, scheduleIds, { organization: organizationId }),
    hasIcalLayer: async (organizationId, scheduleId, layerId) =>
      (await em.count(ScheduleIcalFeedEntity, { id: layerId, schedule: scheduleId, organization: organizationId }, unscoped)) > 0,
    async memberNames(organizationId, userIds) {
      if (userIds.length === 0) return new Map();
      const users = await em.find(
        UserEntity,
        { organization: organizationId, id: { $in: [...userIds] } },
        { ...unscoped, fields: ['id', 'name'] },
      );
      return new Map(users.map((user) => [user.id, user.name]));
    },
    ...onCallSnapshotSource(em),
    transaction: organizationTransaction(em, unit),
  };
}

export interface OpenedGaps {
  schedule_id: string;
  schedule_name: string;
  gaps: { start: string; end: string }[];
}

/**
 * Takes a member out of every rotation and override of the organization given, inside the caller's
 * transaction (before the user row goes), and reports per schedule the gaps that opens over the
 * next four weeks. Each touched schedule gets a `schedule.updated` event carrying them.
 */
export async function removeUserFromSchedules(em: EntityManager, organizationId: string, userId: string, now: Date): Promise<OpenedGaps[]> {
  const overrides = await em.find(ScheduleOverrideEntity, { organization: organizationId, userId, endAt: { $gt: now } }, unscoped);
  const touchedIds = new Set(overrides.map((o) => o.schedule.id));
  const schedules = await em.find(
    ScheduleEntity,
    { organization: organizationId },
    { ...unscoped, orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  const feeds = await em.find(ScheduleIcalFeedEntity, { organization: organizationId }, unscoped);
  // Imported events naming the member go now; the next fetch no longer matches them to anyone.
  const importedBy = new Set(feeds.filter((feed) => feed.events.some((event) => event.user === userId)).map((feed) => feed.schedule.id));
  const imported = new Map(feeds.map((feed) => [feed.id, feed.events]));
  const report: OpenedGaps[] = [];
  for (const schedule of schedules) {
    const inLayers = schedule.layers.some((layer) => layer.kind !== 'ical' && layer.users.includes(userId));
    if (!inLayers && !touchedIds.has(schedule.id) && !importedBy.has(schedule.id)) continue;
    const current = await em.find(
      ScheduleOverrideEntity,
      { organization: organizationId, schedule: schedule.id, endAt: { $gt: now } },
      unscoped,
    );
    const before = scheduleDefinition(schedule, current, imported);
    const from = now.getTime();
    const gaps = newGaps(before, withoutUser(before, userId), from, from + REMOVAL_GAP_HORIZON_MS).map((gap) => ({
      start: new Date(gap.start).toISOString(),
      end: new Date(gap.end).toISOString(),
    }));
    if (inLayers)
      schedule.layers = schedule.layers.map((layer) =>
        layer.kind === 'ical' ? layer : { ...layer, users: layer.users.filter((member) => member !== userId) },
      );
    for (const feed of feeds)
      if (feed.schedule.id === schedule.id && importedBy.has(schedule.id)) {
        feed.events = feed.events.filter((event) => event.user !== userId);
        feed.eventCount = feed.events.length;
      }
    for (const override of current) if (override.userId === userId) em.remove(override);
    recordScheduleUpdated(em, organizationId, { schedule_id: schedule.id, reason: 'member_removed', user_id: userId, gaps_opened: gaps });
    report.push({ schedule_id: schedule.id, schedule_name: schedule.name, gaps });
  }
  return report;
}
