import { randomUUID } from 'node:crypto';
import type { IcalFeedStatus, ScheduleIcalFeedStore, SealedIcalUrl } from '../../shared/db/access/schedule-ical-feeds.ts';
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
  feeds: ScheduleIcalFeedStore,
  secretBox: SecretBox,
  scope: { organizationId: string; scheduleId: string; previous: readonly StoredLayer[] },
  input: readonly LayerInput[],
): Promise<{ layers: StoredLayer[]; changes: IcalLayerChanges }> {
  const plan = planIcalLayers(input, new Set(icalLayerIds(scope.previous)), randomUUID);
  if (plan.errors.length > 0) throw new ValidationError(plan.errors);
  const sealed = await feeds.sealedUrls(
    scope.organizationId,
    scope.scheduleId,
    plan.written.map((w) => w.id),
  );
  const writes = { created: [] as SealedIcalUrl[], changed: [] as Array<SealedIcalUrl & { reset: boolean }>, removed: plan.removed };
  for (const { id, url } of plan.written) {
    const written = { id, urlSealed: secretBox.encrypt(url), urlHint: calendarUrlHint(url) };
    const previous = sealed.get(id);
    if (previous === undefined) writes.created.push(written);
    // A new URL is another calendar: what the old one imported goes.
    else writes.changed.push({ ...written, reset: secretBox.decrypt(previous) !== url });
  }
  await feeds.stage(scope.organizationId, scope.scheduleId, writes);
  return { layers: plan.layers, changes: { refresh: plan.written.map((w) => w.id), removed: plan.removed } };
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
