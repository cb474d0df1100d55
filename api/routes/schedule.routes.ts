import { envelope, IdParams, pageEnvelope } from '../schemas/common.ts';
import {
  CreateOverrideBody,
  CreateScheduleBody,
  LayerParams,
  MAX_SHIFT_RANGE_DAYS,
  OnCallQuery,
  OnCallResponse,
  OverrideParams,
  OverrideResponse,
  ScheduleListQuery,
  ScheduleListResponse,
  ScheduleResponse,
  ShiftsQuery,
  ShiftsResponse,
  UpdateScheduleBody,
} from '../schemas/schedule.schemas.ts';
import type { ScheduleService } from '../services/schedule.service.ts';
import { defineRoute } from './route.ts';
import { MAX_OVERRIDES_PER_SCHEDULE, MAX_SCHEDULES_PER_ORGANIZATION } from '../../shared/domain/compute-limits.ts';

const LAYERS =
  'Layers are ordered, lowest first: a later layer wins where it has someone. A rotation hands off at `handoff_time` in the schedule `time_zone` (weekly: on `handoff_day`), so a daily turn across a DST change lasts 23 or 25 hours, like the wall clock; a `custom` rotation counts `turn_hours` of wall-clock time. `restrictions` limit a layer to windows of the day in the schedule zone. Every user must be a member of the organization (422 otherwise). An `ical` layer imports an external iCalendar URL instead of rotating: its `url` is write-only (answered as `url_hint`, scheme and host only, since calendar URLs carry secret tokens) and must be http(s) without credentials; it is fetched through the outbound guard (internal addresses refused) right after the write and every 15 minutes, and its `last_fetched_at`, `last_error` and `event_count` show how that went (a failed fetch keeps the events of the last good one). To keep an `ical` layer when replacing `layers`, send it back with its `id` (`url` may then be left out). Each change sends a `schedule.updated` WebSocket event to the organization.';
const OVERRIDE_ACCESS =
  'Needs `schedules:update`, or, to put yourself on call (or remove an override of yours), `incidents:update`: responders take the pager themselves.';

export function scheduleRoutes(schedules: ScheduleService) {
  return [
    defineRoute({
      method: 'get',
      path: '/schedules',
      operationId: 'listSchedules',
      summary: 'List on-call schedules, by name',
      tags: ['schedules'],
      access: 'schedules:read',
      request: { query: ScheduleListQuery },
      responses: { 200: { description: 'A page of schedules', schema: ScheduleListResponse } },
      handler: async ({ auth, query }) => ({ body: pageEnvelope(await schedules.list(auth, query), query) }),
    }),
    defineRoute({
      method: 'post',
      path: '/schedules',
      operationId: 'createSchedule',
      summary: 'Create an on-call schedule',
      description: `\`time_zone\` is any IANA name or alias, kept as given. An organization has at most ${MAX_SCHEDULES_PER_ORGANIZATION} schedules (409 beyond). ${LAYERS}`,
      tags: ['schedules'],
      access: 'schedules:create',
      request: { body: CreateScheduleBody },
      responses: { 201: { description: 'Created', schema: ScheduleResponse } },
      errors: [409],
      handler: async ({ auth, body }) => ({ status: 201, body: envelope(await schedules.create(auth, body)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/schedules/{id}',
      operationId: 'getSchedule',
      summary: 'A schedule with its layers and the overrides not yet over',
      tags: ['schedules'],
      access: 'schedules:read',
      request: { params: IdParams },
      responses: { 200: { description: 'The schedule', schema: ScheduleResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await schedules.get(auth, params.id)) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/schedules/{id}',
      operationId: 'updateSchedule',
      summary: 'Update name, description, time zone or layers',
      description: `\`layers\` replaces every layer. ${LAYERS}`,
      tags: ['schedules'],
      access: 'schedules:update',
      request: { params: IdParams, body: UpdateScheduleBody },
      responses: { 200: { description: 'The updated schedule', schema: ScheduleResponse } },
      errors: [404],
      handler: async ({ auth, params, body }) => ({ body: envelope(await schedules.update(auth, params.id, body)) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/schedules/{id}',
      operationId: 'deleteSchedule',
      summary: 'Delete a schedule and its overrides',
      tags: ['schedules'],
      access: 'schedules:delete',
      request: { params: IdParams },
      responses: { 204: { description: 'Deleted' } },
      errors: [404],
      handler: async ({ auth, params }) => {
        await schedules.remove(auth, params.id);
        return { status: 204 };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/schedules/{id}/shifts',
      operationId: 'getScheduleShifts',
      summary: 'The final schedule over [from, to): shifts and gaps',
      description: `Contiguous shifts \`{user_id, start, end, source}\` (\`source\`: \`layer\` or \`override\`; adjacent pieces of the same user and source are one shift), the gaps nobody covers, and each layer on its own. Overrides sit above every layer; the later of two overlapping overrides wins. The window spans at most ${MAX_SHIFT_RANGE_DAYS} days; a render past its compute budget is 422.`,
      tags: ['schedules'],
      access: 'schedules:read',
      request: { params: IdParams, query: ShiftsQuery },
      responses: { 200: { description: 'The rendered schedule', schema: ShiftsResponse } },
      errors: [404],
      handler: async ({ auth, params, query }) => ({ body: envelope(await schedules.shifts(auth, params.id, query)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/schedules/{id}/calendar.ics',
      operationId: 'getScheduleCalendar',
      summary: 'The final schedule as an iCalendar document',
      description: `One event per shift, in UTC, summary \`On call: <name> (<schedule>)\`; a shift's UID stays the same while its start does. Without \`from\`/\`to\`: from a week ago to 90 days ahead; at most ${MAX_SHIFT_RANGE_DAYS} days.`,
      tags: ['schedules'],
      access: 'schedules:read',
      request: { params: IdParams, query: ShiftsQuery },
      responses: { 200: { description: 'iCalendar (RFC 5545)', contentType: 'text/calendar' } },
      errors: [404],
      handler: async ({ auth, params, query }) => ({
        body: await schedules.calendar(auth, params.id, query),
        headers: { 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': 'inline; filename="schedule.ics"' },
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/schedules/{id}/overrides',
      operationId: 'createScheduleOverride',
      summary: 'Put one user on call between two instants, above every layer',
      description: `${OVERRIDE_ACCESS} The user must be a member of the organization. An override lasts at most ${MAX_SHIFT_RANGE_DAYS} days. A schedule holds at most ${MAX_OVERRIDES_PER_SCHEDULE} overrides within ${MAX_SHIFT_RANGE_DAYS} days of a new one (409 beyond).`,
      tags: ['schedules'],
      access: 'schedules:read',
      request: { params: IdParams, body: CreateOverrideBody },
      responses: { 201: { description: 'Created', schema: OverrideResponse } },
      errors: [404, 409],
      handler: async ({ auth, params, body }) => ({ status: 201, body: envelope(await schedules.addOverride(auth, params.id, body)) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/schedules/{id}/overrides/{override_id}',
      operationId: 'deleteScheduleOverride',
      summary: 'Remove an override',
      description: OVERRIDE_ACCESS,
      tags: ['schedules'],
      access: 'schedules:read',
      request: { params: OverrideParams },
      responses: { 204: { description: 'Removed' } },
      errors: [404],
      handler: async ({ auth, params }) => {
        await schedules.removeOverride(auth, params.id, params.override_id);
        return { status: 204 };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/schedules/{id}/layers/{layer_id}/refresh',
      operationId: 'refreshScheduleLayer',
      summary: "Fetch an `ical` layer's calendar now",
      description:
        "Fetches the layer's iCalendar URL through the outbound guard and imports its events, waiting up to 45 seconds for the fetch, then answers the schedule: the layer's `last_fetched_at`, `last_error` and `event_count` tell how it went. A failed fetch keeps the events of the last good one. 404 when the layer is not an `ical` layer of this schedule.",
      tags: ['schedules'],
      access: 'schedules:update',
      request: { params: LayerParams },
      responses: { 200: { description: 'The schedule after the fetch', schema: ScheduleResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await schedules.refreshLayer(auth, params.id, params.layer_id)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/oncall',
      operationId: 'getOnCall',
      summary: 'Who is on call now, or at `at`, on every schedule',
      description:
        'One entry per schedule of the organization, by name: the user on call at the instant (null in a gap), the source of their shift and its bounds (looked for up to 7 days either side).',
      tags: ['schedules'],
      access: 'schedules:read',
      request: { query: OnCallQuery },
      responses: { 200: { description: 'Who is on call', schema: OnCallResponse } },
      handler: async ({ auth, query }) => {
        const result = await schedules.onCall(auth, query);
        return { body: { data: result.items, meta: { at: result.at } } };
      },
    }),
  ];
}
