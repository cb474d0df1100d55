// Kept free of Node built-ins and I/O: how a schedule's layers are written, stored and rendered.
import { z } from 'zod';
import { hostnameFitsDns, MAX_HOSTNAME_LENGTH } from '../delivery/destination.ts';
import { isLocalTime, type Override, type ScheduleDefinition, type ScheduleLayer, type Weekday } from './schedule.ts';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type WeekdayName = (typeof WEEKDAYS)[number];
const weekdayNumber = (name: WeekdayName) => (WEEKDAYS.indexOf(name) + 1) as Weekday;

const localTime = z.string().refine(isLocalTime, 'must be a local time "HH:mm" from 00:00 to 23:59');
/** An instant with its offset (`Z` or `+02:00`); stored and answered in UTC. */
export const instant = () =>
  z.iso
    .datetime({ offset: true })
    .transform((value) => new Date(value).toISOString())
    .describe('RFC 3339 instant with an offset, e.g. `2026-03-29T09:00:00+02:00`; answered in UTC');

export const RestrictionSchema = z
  .object({
    days: z.array(z.enum(WEEKDAYS)).min(1).max(7).optional().describe('Weekdays the window starts on; every day when absent'),
    start: localTime.describe('Local start of the window in the schedule zone'),
    end: localTime.describe('Local end; at or before `start` runs into the next day, equal to `start` is a whole day'),
  })
  .strict()
  .meta({ id: 'ScheduleRestriction', description: 'A window of the day in the schedule zone, e.g. weekdays 09:00-17:00' });

const layerFields = {
  name: z.string().trim().max(100).nullish(),
  start: instant().describe('When the layer starts to apply; the first user of a rotation holds the turn containing it'),
  end: instant().nullish().describe('When the layer stops applying; open-ended when absent'),
  restrictions: z.array(RestrictionSchema).max(21).default([]).describe('When present, the layer only applies inside these windows'),
};

export const RotationLayerSchema = z
  .object({
    kind: z.literal('rotation').default('rotation'),
    ...layerFields,
    users: z.array(z.uuid()).max(100).describe("The rotation's order: members of the organization, a member may appear more than once"),
    rotation: z.enum(['daily', 'weekly', 'custom']),
    turn_hours: z.number().int().min(1).max(8760).nullish().describe('Turn length of a `custom` rotation, in wall-clock hours'),
    handoff_time: localTime.default('09:00').describe('Local time of each handoff in the schedule zone, kept across DST changes'),
    handoff_day: z.enum(WEEKDAYS).nullish().describe('Weekday of the handoff of a `weekly` rotation (Monday when absent)'),
  })
  .strict()
  .superRefine((layer, ctx) => {
    if (layer.rotation === 'custom' && !layer.turn_hours)
      ctx.addIssue({ code: 'custom', path: ['turn_hours'], message: 'required for a custom rotation' });
    if (layer.rotation !== 'custom' && layer.turn_hours)
      ctx.addIssue({ code: 'custom', path: ['turn_hours'], message: 'only for a custom rotation' });
    if (layer.rotation !== 'weekly' && layer.handoff_day)
      ctx.addIssue({ code: 'custom', path: ['handoff_day'], message: 'only for a weekly rotation' });
    if (layer.end && layer.end <= layer.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'must be after start' });
  })
  .meta({ id: 'ScheduleRotationLayer' });

/** The state of an `ical` layer's imports, answered by the API and ignored when written back. */
const icalStatusFields = {
  url_hint: z
    .string()
    .nullish()
    .describe('Read-only: the scheme and host of the calendar URL; the URL itself is write-only (it often carries a secret token)'),
  last_fetched_at: z.string().nullish().describe('Read-only: when Tocsin last tried to fetch the calendar'),
  last_succeeded_at: z.string().nullish().describe('Read-only: when a fetch last succeeded'),
  last_error: z
    .string()
    .nullish()
    .describe('Read-only: why the last fetch failed (null after a success); the previous events stay in place'),
  event_count: z.number().int().nullish().describe('Read-only: events imported by the last successful fetch'),
  unmatched_count: z.number().int().nullish().describe('Read-only: events of the last fetch that named no member'),
};

/** An http(s) URL without credentials in it (a token belongs in the path or query). */
export const CalendarUrlSchema = z
  .url({ protocol: /^https?$/, error: 'must be an http or https URL' })
  .max(2048)
  .refine((value) => {
    // A value that is no URL at all is already refused by the check above.
    const url = URL.parse(value);
    return !url || (!url.username && !url.password);
  }, 'must not carry a user name or password; put a token in the path or query')
  .refine((value) => !URL.canParse(value) || hostnameFitsDns(value), `a host name of at most ${MAX_HOSTNAME_LENGTH} characters`)
  .describe('Write-only: the iCalendar (.ics) URL; fetched through the outbound guard (no internal addresses)');

export const IcalLayerSchema = z
  .object({
    kind: z.literal('ical'),
    id: z
      .uuid()
      .optional()
      .describe('Given by Tocsin: send it back to keep the layer, its URL (when `url` is absent) and its imported events'),
    ...layerFields,
    url: CalendarUrlSchema.optional(),
    ...icalStatusFields,
  })
  .strict()
  .superRefine((layer, ctx) => {
    if (layer.end && layer.end <= layer.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'must be after start' });
  })
  .meta({
    id: 'ScheduleIcalLayer',
    description:
      'Shifts imported from an external iCalendar URL: each event puts on call the member named by its first ATTENDEE email, else by an email in its SUMMARY. Fetched on create, whenever `url` is written, and every 15 minutes.',
  });

export const LayerSchema = z.discriminatedUnion('kind', [RotationLayerSchema, IcalLayerSchema]);
/** A layer as the API parsed it from a request. */
export type LayerInput = z.output<typeof LayerSchema>;
export type StoredRotationLayer = z.output<typeof RotationLayerSchema>;
/** An `ical` layer as stored: its URL and imports live in `schedule_ical_feeds`, keyed by `id`. */
export interface StoredIcalLayer {
  kind: 'ical';
  id: string;
  name?: string | null;
  start: string;
  end?: string | null;
  restrictions: StoredRotationLayer['restrictions'];
}
/** A layer as stored in `schedules.layers`. */
export type StoredLayer = StoredRotationLayer | StoredIcalLayer;

/** An `ical` layer as answered: the stored layer and the state of its imports. */
export const IcalLayerViewSchema = z
  .object({
    kind: z.literal('ical'),
    id: z.uuid(),
    name: z.string().nullish(),
    start: z.string(),
    end: z.string().nullish(),
    restrictions: z.array(RestrictionSchema),
    url_hint: z.string().nullable(),
    last_fetched_at: z.string().nullable(),
    last_succeeded_at: z.string().nullable(),
    last_error: z.string().nullable(),
    event_count: z.number().int(),
    unmatched_count: z.number().int(),
  })
  .meta({ id: 'ScheduleIcalLayerView' });
export const LayerViewSchema = z.discriminatedUnion('kind', [RotationLayerSchema, IcalLayerViewSchema]);

export const LayersSchema = z
  .array(LayerSchema)
  .max(20)
  .superRefine((layers, ctx) => {
    const seen = new Set<string>();
    layers.forEach((layer, index) => {
      if (layer.kind !== 'ical' || !layer.id) return;
      if (seen.has(layer.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'appears twice' });
      seen.add(layer.id);
    });
  })
  .describe('Lowest first: a later layer wins where it has someone');

/** The domain model of a stored schedule and its overrides, for rendering. */
export function scheduleDefinition(
  schedule: { timeZone: string; layers: readonly StoredLayer[] },
  overrides: readonly { id: string; userId: string; startAt: Date; endAt: Date; createdAt: Date }[],
  imported: ImportedEvents = new Map(),
): ScheduleDefinition {
  const layers = schedule.layers.map((layer): ScheduleLayer => {
    const restrictions = layer.restrictions.map((restriction) => ({
      days: restriction.days?.map(weekdayNumber),
      start: restriction.start,
      end: restriction.end,
    }));
    const start = Date.parse(layer.start);
    const end = layer.end ? Date.parse(layer.end) : null;
    if (layer.kind === 'ical') return { kind: 'ical', events: imported.get(layer.id) ?? [], start, end, restrictions };
    return {
      kind: 'rotation',
      users: layer.users,
      rotation: layer.rotation,
      turn_hours: layer.turn_hours ?? null,
      handoff_time: layer.handoff_time,
      handoff_day: layer.handoff_day ? weekdayNumber(layer.handoff_day) : null,
      start,
      end,
      restrictions,
    };
  });
  const ordered = [...overrides].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  return {
    time_zone: schedule.timeZone,
    layers,
    overrides: ordered.map((o): Override => ({ id: o.id, user: o.userId, start: o.startAt.getTime(), end: o.endAt.getTime() })),
  };
}

/** The events each `ical` layer imported, by layer id. */
export type ImportedEvents = ReadonlyMap<string, readonly { user: string; start: number; end: number }[]>;

/** Every user a rotation names, for checking they are members of the organization. */
export const layerUsers = (layers: readonly StoredLayer[]) => [
  ...new Set(layers.flatMap((layer) => (layer.kind === 'ical' ? [] : layer.users))),
];
