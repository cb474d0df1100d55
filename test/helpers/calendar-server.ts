import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An event of a served calendar; instants as epoch ms or anything with `toMillis()` (Luxon). */
export interface CalendarEvent {
  uid: string;
  start: number | { toMillis(): number };
  end: number | { toMillis(): number };
  summary: string;
  attendee?: string;
}

const millis = (at: CalendarEvent['start']) => (typeof at === 'number' ? at : at.toMillis());
const stamp = (at: CalendarEvent['start']) =>
  new Date(millis(at))
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** An iCalendar document of `events`, as a calendar app publishes one. */
export const calendar = (events: CalendarEvent[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tocsin tests//EN',
    ...events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stamp(event.start)}`,
      `DTSTART:${stamp(event.start)}`,
      `DTEND:${stamp(event.end)}`,
      `SUMMARY:${event.summary}`,
      ...(event.attendee ? [`ATTENDEE;CN=On call:mailto:${event.attendee}`] : []),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');

/** A calendar server on loopback: answers `body` (or `status`) at any path, and records the paths asked. */
export async function startCalendarServer() {
  const state = { status: 200, body: '', paths: [] as string[] };
  const server: Server = createServer((request, response) => {
    state.paths.push(request.url ?? '');
    response.writeHead(state.status, { 'content-type': 'text/calendar; charset=utf-8' }).end(state.status === 200 ? state.body : 'oops');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
