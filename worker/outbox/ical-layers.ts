import type { IcalRefreshInput } from '../../shared/domain/schedule-ical-layer.ts';
import type { OutboxEvent } from './outbox-event.ts';

export interface IcalLayerSync {
  /** Layers to fetch now and keep refreshing; `eventId` keys the immediate fetch. */
  refresh: Array<IcalRefreshInput & { eventId: string }>;
  /** Layers whose refresh schedule goes. */
  remove: string[];
}

const ids = (value: unknown): string[] => (Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);

/**
 * What a batch's `schedule.updated` events ask of `ical` layers' Temporal Schedules (their
 * `data.ical: {refresh, removed}`), each layer's last event in the batch deciding: a layer written
 * then removed in one batch is only removed. Anything malformed asks nothing.
 */
export function planIcalLayerSync(events: readonly OutboxEvent[]): IcalLayerSync {
  const last = new Map<string, { remove: true } | (IcalRefreshInput & { eventId: string })>();
  for (const event of events) {
    if (event.type !== 'schedule.updated') continue;
    const ical = event.data.ical as { refresh?: unknown; removed?: unknown } | undefined;
    const scheduleId = event.data.schedule_id;
    if (!ical || typeof ical !== 'object' || typeof scheduleId !== 'string') continue;
    for (const layerId of ids(ical.removed)) last.set(layerId, { remove: true });
    for (const layerId of ids(ical.refresh))
      last.set(layerId, { organizationId: event.organization_id, scheduleId, layerId, eventId: event.id });
  }
  const plan: IcalLayerSync = { refresh: [], remove: [] };
  for (const [layerId, action] of last) {
    if ('remove' in action) plan.remove.push(layerId);
    else plan.refresh.push(action);
  }
  return plan;
}
