// What the OpenAPI document says of each schedule operation, by operationId (api/routes/schedule.routes.ts).
import { MAX_SCHEDULES_PER_ORGANIZATION, MAX_OVERRIDES_PER_SCHEDULE } from '../../shared/domain/compute-limits.ts';
import { MAX_SHIFT_RANGE_DAYS } from '../schemas/schedule.schemas.ts';

const LAYERS =
  'Layers are ordered, lowest first: a later layer wins where it has someone. A rotation hands off at `handoff_time` in the schedule `time_zone` (weekly: on `handoff_day`), so a daily turn across a DST change lasts 23 or 25 hours, like the wall clock; a `custom` rotation counts `turn_hours` of wall-clock time. `restrictions` limit a layer to windows of the day in the schedule zone. Every user must be a member of the organization (422 otherwise). An `ical` layer imports an external iCalendar URL instead of rotating: its `url` is write-only (answered as `url_hint`, scheme and host only, since calendar URLs carry secret tokens) and must be http(s) without credentials; it is fetched through the outbound guard (internal addresses refused) right after the write and every 15 minutes, and its `last_fetched_at`, `last_error` and `event_count` show how that went (a failed fetch keeps the events of the last good one). To keep an `ical` layer when replacing `layers`, send it back with its `id` (`url` may then be left out). Each change sends a `schedule.updated` WebSocket event to the organization.';

const OVERRIDE_ACCESS =
  'Needs `schedules:update`, or, to put yourself on call (or remove an override of yours), `incidents:update`: responders take the pager themselves.';

export const scheduleDocs = {
  createSchedule: `\`time_zone\` is any IANA name or alias, kept as given. An organization has at most ${MAX_SCHEDULES_PER_ORGANIZATION} schedules (409 beyond). ${LAYERS}`,
  updateSchedule: `\`layers\` replaces every layer. ${LAYERS}`,
  getScheduleShifts: `Contiguous shifts \`{user_id, start, end, source}\` (\`source\`: \`layer\` or \`override\`; adjacent pieces of the same user and source are one shift), the gaps nobody covers, and each layer on its own. Overrides sit above every layer; the later of two overlapping overrides wins. The window spans at most ${MAX_SHIFT_RANGE_DAYS} days; a render past its compute budget is 422.`,
  getScheduleCalendar: `One event per shift, in UTC, summary \`On call: <name> (<schedule>)\`; a shift's UID stays the same while its start does. Without \`from\`/\`to\`: from a week ago to 90 days ahead; at most ${MAX_SHIFT_RANGE_DAYS} days.`,
  createScheduleOverride: `${OVERRIDE_ACCESS} The user must be a member of the organization. An override lasts at most ${MAX_SHIFT_RANGE_DAYS} days. A schedule holds at most ${MAX_OVERRIDES_PER_SCHEDULE} overrides within ${MAX_SHIFT_RANGE_DAYS} days of a new one (409 beyond).`,
  deleteScheduleOverride: OVERRIDE_ACCESS,
  refreshScheduleLayer:
    "Fetches the layer's iCalendar URL through the outbound guard and imports its events, waiting up to 45 seconds for the fetch, then answers the schedule: the layer's `last_fetched_at`, `last_error` and `event_count` tell how it went. A failed fetch keeps the events of the last good one. 404 when the layer is not an `ical` layer of this schedule.",
  getOnCall:
    'One entry per schedule of the organization, by name: the user on call at the instant (null in a gap), the source of their shift and its bounds (looked for up to 7 days either side).',
} as const;
