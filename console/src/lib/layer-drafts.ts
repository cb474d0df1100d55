// Kept free of the DOM and of the API: the schedule form's layers, to and from the API's shape.
import type { components } from '../../../clients/typescript/schema.d.ts';
import { instantToLocalInput, localInputToInstant } from './timeline.ts';

type Schemas = components['schemas'];
export type RotationInput = Schemas['ScheduleRotationLayerInput'];
export type IcalInput = Schemas['ScheduleIcalLayerInput'];
export type LayerInput = RotationInput | IcalInput;
export type Rotation = RotationInput['rotation'];
export type Weekday = NonNullable<RotationInput['handoff_day']>;
export const WEEKDAYS: Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
export const WORKDAYS: Weekday[] = WEEKDAYS.slice(0, 5);

export interface RestrictionDraft {
  days: Weekday[];
  start: string;
  end: string;
}
interface CommonDraft {
  name: string;
  start: string;
  end: string;
  restrictions: RestrictionDraft[];
}
export interface RotationDraft extends CommonDraft {
  kind: 'rotation';
  users: string[];
  rotation: Rotation;
  turnHours: string;
  handoffTime: string;
  handoffDay: Weekday;
}
export interface IcalDraft extends CommonDraft {
  kind: 'ical';
  /** The saved layer's id: sent back so the API keeps its URL and imported events. */
  id?: string;
  /** A new URL, or empty to keep the saved one (the API never shows it). */
  url: string;
  urlHint: string | null;
}
export type LayerDraft = RotationDraft | IcalDraft;
/** A change to one layer's fields; the kind is fixed once the layer exists. */
export type LayerPatch = Partial<Omit<RotationDraft, 'kind'>> & Partial<Omit<IcalDraft, 'kind' | 'id'>>;

function startOfToday(zone: string, now: Date): string {
  // Starting at the next handoff of today keeps the first turn whole.
  return `${instantToLocalInput(now.toISOString(), zone).slice(0, 10)}T09:00`;
}

export function emptyLayer(zone: string, now = new Date()): RotationDraft {
  return {
    kind: 'rotation',
    name: '',
    users: [],
    rotation: 'weekly',
    turnHours: '12',
    handoffTime: '09:00',
    handoffDay: 'monday',
    start: startOfToday(zone, now),
    end: '',
    restrictions: [],
  };
}

export function emptyIcalLayer(zone: string, now = new Date()): IcalDraft {
  return { kind: 'ical', name: '', url: '', urlHint: null, start: startOfToday(zone, now), end: '', restrictions: [] };
}

export function draftOf(layer: Schemas['Schedule']['layers'][number], zone: string): LayerDraft {
  const common: CommonDraft = {
    name: layer.name ?? '',
    start: instantToLocalInput(String(layer.start), zone),
    end: layer.end ? instantToLocalInput(String(layer.end), zone) : '',
    restrictions: layer.restrictions.map((r) => ({ days: r.days ?? [], start: r.start, end: r.end })),
  };
  if (layer.kind === 'ical') return { ...common, kind: 'ical', id: layer.id, url: '', urlHint: layer.url_hint };
  return {
    ...common,
    kind: 'rotation',
    users: layer.users,
    rotation: layer.rotation,
    turnHours: String(layer.turn_hours ?? 12),
    handoffTime: layer.handoff_time,
    handoffDay: layer.handoff_day ?? 'monday',
  };
}

/** The API's layer from a draft; local times are read in the schedule's zone. */
export function layerOf(draft: LayerDraft, zone: string): LayerInput {
  const common = {
    name: draft.name.trim() || null,
    // An unreadable time is sent as typed: the API answers which field is wrong.
    start: localInputToInstant(draft.start, zone) ?? draft.start,
    end: draft.end ? (localInputToInstant(draft.end, zone) ?? draft.end) : null,
    restrictions: draft.restrictions.map((r) => ({ ...(r.days.length ? { days: r.days } : {}), start: r.start, end: r.end })),
  };
  if (draft.kind === 'ical') {
    // The saved layer goes back by id; its URL only when a new one was typed, else the API keeps the old.
    const url = draft.url.trim();
    return { kind: 'ical', ...(draft.id ? { id: draft.id } : {}), ...(url || !draft.id ? { url } : {}), ...common };
  }
  return {
    kind: 'rotation',
    ...common,
    users: draft.users,
    rotation: draft.rotation,
    turn_hours: draft.rotation === 'custom' ? Number(draft.turnHours) : null,
    handoff_time: draft.handoffTime,
    handoff_day: draft.rotation === 'weekly' ? draft.handoffDay : null,
  };
}
