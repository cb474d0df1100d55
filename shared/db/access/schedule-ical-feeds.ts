import type { EntityManager } from '@mikro-orm/core';
import type { ImportedEvents } from '../../domain/schedule-definition.ts';
import type { ImportedEvent } from '../../domain/schedule-ical-import.ts';
import { ScheduleIcalFeedEntity, UserEntity, type ScheduleIcalFeed } from '../entities/index.ts';
import { recordScheduleUpdated } from './schedule-events.ts';
import { TENANT_FILTER, unscoped } from '../tenant-filter.ts';

/** The imported events of every `ical` layer of the organization's schedules, by layer id, read in one query. */
export async function importedEvents(
  em: EntityManager,
  scheduleIds: readonly string[],
  scope: { organization: string },
): Promise<ImportedEvents> {
  if (scheduleIds.length === 0) return new Map();
  const feeds = await em.find(
    ScheduleIcalFeedEntity,
    { schedule: { $in: [...scheduleIds] }, organization: scope.organization },
    { fields: ['id', 'events'], filters: { [TENANT_FILTER]: false } },
  );
  return new Map(feeds.map((feed) => [feed.id, feed.events]));
}

/** Every imported calendar of every organization: one per `ical` layer. */
export function allIcalFeeds(em: EntityManager): Promise<Array<{ id: string; organization_id: string; schedule_id: string }>> {
  return em.getConnection().execute('select id, organization_id, schedule_id from schedule_ical_feeds order by id');
}

/** How an `ical` layer's fetches went. */
export type IcalFeedStatus = Pick<
  ScheduleIcalFeed,
  'urlHint' | 'eventCount' | 'unmatchedCount' | 'lastFetchedAt' | 'lastSucceededAt' | 'lastError'
>;

/** A layer's calendar URL, sealed, as written. */
export interface SealedIcalUrl {
  id: string;
  urlSealed: string;
  urlHint: string | null;
}

export interface FetchedIcalFeed {
  id: string;
  urlSealed: string;
  urlHint: string | null;
  lastError: string | null;
  events: ImportedEvent[];
}

/** What a fetch changes: its time and error, and the events a successful one imported. */
export type IcalFetchOutcome =
  | { lastFetchedAt: Date; lastError: string }
  | { lastFetchedAt: Date; lastSucceededAt: Date; lastError: null; events: ImportedEvent[]; eventCount: number; unmatchedCount: number };

/**
 * The calendars of schedules' `ical` layers (`schedule_ical_feeds`), keyed by layer id; every read
 * and write is confined to the organization given.
 */
export interface ScheduleIcalFeedStore {
  /** The sealed URLs of those of the layers the schedule has a calendar for. */
  sealedUrls(organizationId: string, scheduleId: string, layerIds: readonly string[]): Promise<Map<string, string>>;
  /**
   * Stages the schedule's calendar changes in the unit of work the store was made from: they are
   * written when it is flushed, with the schedule row they reference. A calendar `reset` drops what
   * its previous URL imported.
   */
  stage(
    organizationId: string,
    scheduleId: string,
    writes: { created: SealedIcalUrl[]; changed: Array<SealedIcalUrl & { reset: boolean }>; removed: string[] },
  ): Promise<void>;
  /** A layer's calendar as a fetch needs it; undefined when the layer is gone. */
  feed(organizationId: string, scheduleId: string, layerId: string): Promise<FetchedIcalFeed | undefined>;
  /** The organization's members' addresses, which imported events are matched to. */
  members(organizationId: string): Promise<Array<{ id: string; email: string }>>;
  /**
   * Stores a fetch's outcome only while the layer still has the URL fetched (false otherwise), with a
   * `schedule.updated` event when `announce`, in one transaction.
   */
  recordFetch(
    organizationId: string,
    fetched: { scheduleId: string; layerId: string; urlSealed: string },
    outcome: IcalFetchOutcome,
    announce: boolean,
  ): Promise<boolean>;
  /** The fetch status of the schedules' calendars, by layer id (not their events). */
  statusOf(organizationId: string, scheduleIds: readonly string[]): Promise<Map<string, IcalFeedStatus>>;
}

export function createScheduleIcalFeedStore(em: EntityManager): ScheduleIcalFeedStore {
  const feedsOf = (organizationId: string, scheduleId: string, ids: readonly string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : em.find(ScheduleIcalFeedEntity, { id: { $in: [...ids] }, schedule: scheduleId, organization: organizationId }, unscoped);
  return {
    async sealedUrls(organizationId, scheduleId, layerIds) {
      return new Map((await feedsOf(organizationId, scheduleId, layerIds)).map((feed) => [feed.id, feed.urlSealed]));
    },

    async stage(organizationId, scheduleId, writes) {
      const existing = await feedsOf(organizationId, scheduleId, [...writes.changed.map((change) => change.id), ...writes.removed]);
      const byId = new Map(existing.map((feed) => [feed.id, feed]));
      for (const { id, urlSealed, urlHint } of writes.created)
        em.create(ScheduleIcalFeedEntity, { id, organization: organizationId, schedule: scheduleId, urlSealed, urlHint });
      for (const change of writes.changed) {
        const feed = byId.get(change.id);
        if (!feed) continue;
        if (change.reset)
          Object.assign(feed, {
            events: [],
            eventCount: 0,
            unmatchedCount: 0,
            lastFetchedAt: null,
            lastSucceededAt: null,
            lastError: null,
          });
        feed.urlSealed = change.urlSealed;
        feed.urlHint = change.urlHint;
      }
      for (const id of writes.removed) {
        const feed = byId.get(id);
        if (feed) em.remove(feed);
      }
    },

    async feed(organizationId, scheduleId, layerId) {
      const feed = await em.findOne(ScheduleIcalFeedEntity, { id: layerId, schedule: scheduleId, organization: organizationId }, unscoped);
      return feed
        ? { id: feed.id, urlSealed: feed.urlSealed, urlHint: feed.urlHint ?? null, lastError: feed.lastError ?? null, events: feed.events }
        : undefined;
    },

    async members(organizationId) {
      const users = await em.find(UserEntity, { organization: organizationId }, { ...unscoped, fields: ['id', 'email'] });
      return users.map((user) => ({ id: user.id, email: user.email }));
    },

    recordFetch: (organizationId, fetched, outcome, announce) =>
      em.transactional(async (tx) => {
        const updated = await tx.nativeUpdate(
          ScheduleIcalFeedEntity,
          { id: fetched.layerId, schedule: fetched.scheduleId, organization: organizationId, urlSealed: fetched.urlSealed },
          { ...outcome, updatedAt: outcome.lastFetchedAt },
          unscoped,
        );
        if (updated > 0 && announce)
          recordScheduleUpdated(tx, organizationId, {
            schedule_id: fetched.scheduleId,
            reason: 'ical_imported',
            layer_id: fetched.layerId,
          });
        return updated > 0;
      }),

    async statusOf(organizationId, scheduleIds) {
      if (scheduleIds.length === 0) return new Map();
      const feeds = await em.find(
        ScheduleIcalFeedEntity,
        { schedule: { $in: [...scheduleIds] }, organization: organizationId },
        {
          ...unscoped,
          fields: ['id', 'schedule', 'urlHint', 'eventCount', 'unmatchedCount', 'lastFetchedAt', 'lastSucceededAt', 'lastError'],
        },
      );
      return new Map(feeds.map((feed): [string, IcalFeedStatus] => [feed.id, feed]));
    },
  };
}
