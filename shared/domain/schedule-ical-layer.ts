// Kept free of Node built-ins and I/O: how `ical` layers written through the API become stored layers and feeds.
import type { LayerInput, StoredLayer } from './schedule-definition.ts';

/** How often each `ical` layer's calendar is fetched again. */
export const ICAL_REFRESH_INTERVAL = '15 minutes';
/** Imports cover a week back (on-call lookups reach 7 days either side) to just over a year ahead. */
export const ICAL_IMPORT_PAST_MS = 7 * 86_400_000;
export const ICAL_IMPORT_AHEAD_MS = 400 * 86_400_000;
/** At most this many events are kept per layer, the earliest first. */
export const ICAL_MAX_EVENTS = 5000;
/** A calendar document larger than this is refused, not cut (a cut document would lose events silently). */
export const ICAL_MAX_BYTES = 2 * 1024 * 1024;

/**
 * What the API shows of a calendar URL: its scheme and host. Calendar apps put the secret in the
 * path or query (`/private-<token>/basic.ics`), so neither is ever echoed.
 */
export function calendarUrlHint(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.pathname === '/' && !parsed.search ? `${parsed.protocol}//${parsed.host}/` : `${parsed.protocol}//${parsed.host}/…`;
  } catch {
    return null;
  }
}

export interface IcalLayerPlan {
  /** The layers to store: `ical` layers without their URL or status, each with its id. */
  layers: StoredLayer[];
  /** New `ical` layers and layers whose URL was written: fetched at once. */
  written: { id: string; url: string }[];
  /** Ids of `ical` layers that existed and are gone: their imports and refresh schedule go too. */
  removed: string[];
  /** 422 problems, paths under `body.layers`. */
  errors: { path: string; message: string }[];
}

/**
 * Matches written layers to the schedule's existing `ical` layers by `id`: a known id keeps its
 * URL unless a new one is written; an unknown or absent id is a new layer, which needs a `url`
 * (an id is never taken from the request for a new layer, so it cannot collide with another's).
 */
export function planIcalLayers(input: readonly LayerInput[], existing: ReadonlySet<string>, newId: () => string): IcalLayerPlan {
  const plan: IcalLayerPlan = { layers: [], written: [], removed: [], errors: [] };
  const kept = new Set<string>();
  input.forEach((layer, index) => {
    if (layer.kind !== 'ical') {
      plan.layers.push(layer);
      return;
    }
    const known = layer.id !== undefined && existing.has(layer.id);
    if (!known && !layer.url) {
      plan.errors.push({ path: `body.layers.${index}.url`, message: 'required for a new ical layer' });
      return;
    }
    const id = known ? (layer.id as string) : newId();
    if (known) kept.add(id);
    if (layer.url) plan.written.push({ id, url: layer.url });
    plan.layers.push({
      kind: 'ical',
      id,
      name: layer.name ?? null,
      start: layer.start,
      end: layer.end ?? null,
      restrictions: layer.restrictions,
    });
  });
  plan.removed = [...existing].filter((id) => !kept.has(id));
  return plan;
}

/** The `ical` layer ids of stored layers. */
export const icalLayerIds = (layers: readonly StoredLayer[]): string[] =>
  layers.flatMap((layer) => (layer.kind === 'ical' ? [layer.id] : []));

/** The input of an `ical` layer's refresh workflow. */
export interface IcalRefreshInput {
  organizationId: string;
  scheduleId: string;
  layerId: string;
}

/** `gone`: the layer was removed (or its URL rewritten) before the fetch could be stored. */
export type IcalRefreshResult =
  { status: 'imported'; events: number; unmatched: number } | { status: 'failed'; error: string } | { status: 'gone' };
