import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { ScheduleIcalFeedEntity, type ScheduleIcalFeed } from '../../shared/db/entities/index.ts';
import type { SecretBox } from '../../shared/crypto/secret-box.ts';
import type { LayerInput, StoredLayer } from '../../shared/domain/schedule-definition.ts';
import { calendarUrlHint, icalLayerIds, planIcalLayers } from '../../shared/domain/schedule-ical-layer.ts';
import { ValidationError } from '../../shared/errors.ts';
import type { ScheduleView } from '../schemas/schedule.schemas.ts';

/** What a schedule's `schedule.updated` event tells the outbox relay about its `ical` layers. */
export interface IcalLayerChanges {
  /** Layers to fetch now (and keep refreshing). */
  refresh: string[];
  /** Layers whose refresh schedule goes. */
  removed: string[];
}

/**
 * Writes the `ical` layers of a schedule's new layers: seals new URLs, drops the imports of a layer
 * whose URL changed (they came from another calendar) and deletes the feeds of removed layers.
 * Returns the layers to store and what the relay must do; throws 422 for a new layer without `url`.
 */
export async function writeIcalLayers(
  em: EntityManager,
  secretBox: SecretBox,
  scope: { organizationId: string; scheduleId: string; previous: readonly StoredLayer[] },
  input: readonly LayerInput[],
): Promise<{ layers: StoredLayer[]; changes: IcalLayerChanges }> {
  const plan = planIcalLayers(input, new Set(icalLayerIds(scope.previous)), randomUUID);
  if (plan.errors.length > 0) throw new ValidationError(plan.errors);
  const touched = [...plan.written.map((w) => w.id), ...plan.removed];
  const feeds = touched.length ? await em.find(ScheduleIcalFeedEntity, { id: { $in: touched }, schedule: scope.scheduleId }) : [];
  const byId = new Map(feeds.map((feed) => [feed.id, feed]));
  for (const { id, url } of plan.written) {
    const sealed = secretBox.encrypt(url);
    const feed = byId.get(id);
    if (!feed) {
      em.create(ScheduleIcalFeedEntity, {
        id,
        organization: scope.organizationId,
        schedule: scope.scheduleId,
        urlSealed: sealed,
        urlHint: calendarUrlHint(url),
      });
      continue;
    }
    if (secretBox.decrypt(feed.urlSealed) !== url)
      Object.assign(feed, { events: [], eventCount: 0, unmatchedCount: 0, lastFetchedAt: null, lastSucceededAt: null, lastError: null });
    feed.urlSealed = sealed;
    feed.urlHint = calendarUrlHint(url);
  }
  for (const id of plan.removed) {
    const feed = byId.get(id);
    if (feed) em.remove(feed);
  }
  return { layers: plan.layers, changes: { refresh: plan.written.map((w) => w.id), removed: plan.removed } };
}

/** How an `ical` layer's fetches went. */
export type IcalFeedStatus = Pick<
  ScheduleIcalFeed,
  'urlHint' | 'eventCount' | 'unmatchedCount' | 'lastFetchedAt' | 'lastSucceededAt' | 'lastError'
>;

/** The feeds of the schedules' `ical` layers, by layer id (status only, not the events). */
export async function icalFeedStatus(em: EntityManager, scheduleIds: readonly string[]): Promise<Map<string, IcalFeedStatus>> {
  if (scheduleIds.length === 0) return new Map();
  const feeds = await em.find(
    ScheduleIcalFeedEntity,
    { schedule: { $in: [...scheduleIds] } },
    {
      fields: ['id', 'schedule', 'urlHint', 'eventCount', 'unmatchedCount', 'lastFetchedAt', 'lastSucceededAt', 'lastError'],
    },
  );
  return new Map(feeds.map((feed): [string, IcalFeedStatus] => [feed.id, feed]));
}

const isoOrNull = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** The layers as answered: an `ical` layer with its fetch state, never its URL. */
export function layerViews(layers: readonly StoredLayer[], feeds: ReadonlyMap<string, IcalFeedStatus>): ScheduleView['layers'] {
  return layers.map((layer) => {
    if (layer.kind !== 'ical') return layer;
    const feed = feeds.get(layer.id);
    return {
      ...layer,
      url_hint: feed?.urlHint ?? null,
      last_fetched_at: isoOrNull(feed?.lastFetchedAt),
      last_succeeded_at: isoOrNull(feed?.lastSucceededAt),
      last_error: feed?.lastError ?? null,
      event_count: feed?.eventCount ?? 0,
      unmatched_count: feed?.unmatchedCount ?? 0,
    };
  });
}
