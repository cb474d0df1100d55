import { envelope } from '../schemas/common.ts';
import { CalendarFeedQuery, CalendarFeedResponse } from '../schemas/schedule.schemas.ts';
import type { CalendarFeedService } from '../services/calendar-feed.service.ts';
import { defineRoute } from './route.ts';
import { calendarFeedDocs } from '../docs/calendar-feed.ts';

const ICS_HEADERS = { 'Content-Type': 'text/calendar; charset=utf-8', 'Cache-Control': 'private, max-age=300' };

export function calendarFeedRoutes(feeds: CalendarFeedService) {
  return [
    defineRoute({
      method: 'get',
      path: '/users/me/calendar-feed',
      operationId: 'getMyCalendarFeed',
      summary: 'Whether you have a personal calendar feed',
      description: calendarFeedDocs.getMyCalendarFeed,
      tags: ['schedules'],
      access: 'schedules:read',
      responses: { 200: { description: 'Feed state', schema: CalendarFeedResponse } },
      handler: async ({ auth }) => ({ body: envelope(await feeds.status(auth)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/users/me/calendar-feed',
      operationId: 'createMyCalendarFeed',
      summary: 'Create (or replace) your personal calendar feed URL',
      description: calendarFeedDocs.createMyCalendarFeed,
      tags: ['schedules'],
      access: 'schedules:read',
      responses: { 201: { description: 'The new feed, with its URL', schema: CalendarFeedResponse } },
      errors: [403],
      handler: async ({ auth }) => ({ status: 201, body: envelope(await feeds.rotate(auth)) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/users/me/calendar-feed',
      operationId: 'revokeMyCalendarFeed',
      summary: 'Revoke your personal calendar feed URL',
      tags: ['schedules'],
      access: 'schedules:read',
      responses: { 204: { description: 'Revoked (or there was none)' } },
      handler: async ({ auth }) => {
        await feeds.revoke(auth);
        return { status: 204 };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/calendar-feed.ics',
      operationId: 'getCalendarFeed',
      summary: "A member's personal calendar feed (iCalendar)",
      description: calendarFeedDocs.getCalendarFeed,
      tags: ['schedules'],
      access: 'public',
      request: { query: CalendarFeedQuery },
      responses: { 200: { description: 'iCalendar (RFC 5545)', contentType: 'text/calendar' } },
      errors: [404, 422],
      handler: async ({ query }) => ({ body: await feeds.feed(query.token), headers: ICS_HEADERS }),
    }),
  ];
}
