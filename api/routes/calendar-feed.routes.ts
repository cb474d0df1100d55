import { envelope } from '../schemas/common.ts';
import { CalendarFeedQuery, CalendarFeedResponse } from '../schemas/schedule.schemas.ts';
import type { CalendarFeedService } from '../services/calendar-feed.service.ts';
import { defineRoute } from './route.ts';

const ICS_HEADERS = { 'Content-Type': 'text/calendar; charset=utf-8', 'Cache-Control': 'private, max-age=300' };

export function calendarFeedRoutes(feeds: CalendarFeedService) {
  return [
    defineRoute({
      method: 'get',
      path: '/users/me/calendar-feed',
      operationId: 'getMyCalendarFeed',
      summary: 'Whether you have a personal calendar feed',
      description: 'The URL itself is shown only when created.',
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
      description:
        'A secret URL listing your shifts across every schedule (a week back, 90 days ahead) for calendar apps. Shown once; only its hash is stored. Creating a new one revokes the previous URL. Only a signed-in member creates one: with an API key the answer is 403 (the URL is a credential of its own, and would outlive the key).',
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
      description:
        'No credential: the secret `token` of the URL is the credential. An unknown or revoked one is 404. Schedules are rendered under one compute budget; a feed past it is 422.',
      tags: ['schedules'],
      access: 'public',
      request: { query: CalendarFeedQuery },
      responses: { 200: { description: 'iCalendar (RFC 5545)', contentType: 'text/calendar' } },
      errors: [404, 422],
      handler: async ({ query }) => ({ body: await feeds.feed(query.token), headers: ICS_HEADERS }),
    }),
  ];
}
