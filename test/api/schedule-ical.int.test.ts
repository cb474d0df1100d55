import ICAL from 'ical.js';
import { waitFor } from '../../dev/wait-for.ts';
import { tenantJobsTaskQueue, workflowIds } from '../../shared/temporal/ids.ts';
import { ensureAllIcalRefreshSchedules } from '../../worker/ical-refresh-schedules.ts';
import { addMember, bearer, type Member } from '../helpers/members.ts';
import { calendar, startCalendarServer } from '../helpers/calendar-server.ts';
import { describedSchedule, scheduleGone, updatedSchedule } from '../helpers/temporal-schedules.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

type Owner = Awaited<ReturnType<typeof registerOwner>>;
type Shift = { user_id: string; start: string; end: string; source?: string };
type IcalLayer = {
  kind: 'ical';
  id: string;
  url_hint: string | null;
  last_fetched_at: string | null;
  last_error: string | null;
  event_count: number;
  unmatched_count: number;
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SECRET = 'private-4f9c2e7d1b';
const iso = (ms: number) => new Date(ms).toISOString();

describe('ical schedule layers (integration: real PostgreSQL + real Temporal + worker, calendar on loopback)', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof startCalendarServer>>;
  let owner: Owner;
  let engineer: Member;
  let other: Owner;
  // Whole days from tomorrow, inside the import window whatever today is.
  const day0 = Math.ceil(Date.now() / DAY) * DAY + DAY;

  beforeAll(async () => {
    // Loopback is internal: this stack allows it, as development does (OUTBOUND_ALLOW_PRIVATE).
    [stack, server] = await Promise.all([startTestStack({ worker: true, env: { OUTBOUND_ALLOW_PRIVATE: 'true' } }), startCalendarServer()]);
    owner = await registerOwner(stack.http, 'ical');
    engineer = await addMember(stack, owner.token, 'engineer');
    other = await registerOwner(stack.http, 'ical-other');
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    await server?.close();
  });

  const getSchedule = async (id: string, token = owner.token) =>
    (await stack.http.get(`/api/v1/schedules/${id}`).set(bearer(token)).expect(200)).body.data as {
      layers: Array<{ kind: string } & Partial<IcalLayer>>;
    };
  const icalLayerOf = async (id: string) => (await getSchedule(id)).layers.find((layer) => layer.kind === 'ical') as IcalLayer;
  const shifts = async (id: string, from: number, to: number) =>
    (
      await stack.http
        .get(`/api/v1/schedules/${id}/shifts`)
        .query({ from: iso(from), to: iso(to) })
        .set(bearer(owner.token))
        .expect(200)
    ).body.data as { shifts: Shift[]; gaps: unknown[]; layers: { shifts: Shift[] }[] };

  const first = { uid: 'one@test', start: day0 + DAY + 9 * HOUR, end: day0 + 2 * DAY + 9 * HOUR, summary: 'Primary' };
  const second = { uid: 'two@test', start: day0 + 3 * DAY, end: day0 + 3 * DAY + 6 * HOUR };

  it('imports the calendar as a layer, refreshes it, keeps the last good events on failure, and drops its Temporal Schedule with it', async () => {
    server.state.body = calendar([
      { ...first, attendee: engineer.email.toUpperCase() },
      { ...second, summary: `Night: ${engineer.email}` },
      { uid: 'three@test', start: day0, end: day0 + HOUR, summary: 'stranger@example.test' },
    ]);
    const created = await stack.http
      .post('/api/v1/schedules')
      .set(bearer(owner.token))
      .send({
        name: 'Imported',
        time_zone: 'Europe/Berlin',
        layers: [
          { users: [owner.user.id], rotation: 'daily', start: iso(day0 - 10 * DAY) },
          { kind: 'ical', name: 'Team calendar', url: server.url(`/cal/${SECRET}/basic.ics?key=${SECRET}`), start: iso(day0 - 10 * DAY) },
        ],
      })
      .expect(201);
    const scheduleId = created.body.data.id as string;
    // The URL carries its secret in the path and query: never answered, never stored in the clear.
    expect(JSON.stringify(created.body)).not.toContain(SECRET);
    const [layer] = created.body.data.layers.filter((l: { kind: string }) => l.kind === 'ical') as IcalLayer[];
    expect(layer).toMatchObject({ kind: 'ical', url_hint: server.url('/…'), name: 'Team calendar' });
    const [row] = await stack.orm.em
      .fork()
      .getConnection()
      .execute<{ url_sealed: string }[]>('select url_sealed from schedule_ical_feeds where id = ?', [layer.id]);
    expect(row.url_sealed).not.toContain(SECRET);

    // Fetched at once after the write (outbox relay → refresh workflow → activity), with its token.
    const fetched = await waitFor('the first import', async () => ((await icalLayerOf(scheduleId)).last_fetched_at ? true : undefined), {
      timeoutMs: 30_000,
    });
    expect(fetched).toBe(true);
    expect(await icalLayerOf(scheduleId)).toMatchObject({ last_error: null, event_count: 2, unmatched_count: 1 });
    expect(server.state.paths).toContain(`/cal/${SECRET}/basic.ics?key=${SECRET}`);
    // ...and refreshed by a Temporal Schedule of its own, on the tenant-jobs queue (apart from paging).
    const refresh = stack.temporal.client.schedule.getHandle(workflowIds.icalRefreshSchedule(layer.id));
    expect((await describedSchedule(refresh)).action).toMatchObject({
      workflowType: 'icalRefreshWorkflow',
      taskQueue: tenantJobsTaskQueue(stack.config.TEMPORAL_TASK_QUEUE),
    });

    const from = day0;
    const to = day0 + 5 * DAY;
    const engineerAt = (start: number, end: number) => ({ user_id: engineer.user.id, start: iso(start), end: iso(end), source: 'layer' });
    const ownerAt = (start: number, end: number) => ({ user_id: owner.user.id, start: iso(start), end: iso(end), source: 'layer' });
    const rendered = await shifts(scheduleId, from, to);
    // The imported layer wins over the rotation below it where it has someone.
    expect(rendered.shifts).toEqual([
      ownerAt(from, first.start),
      engineerAt(first.start, first.end),
      ownerAt(first.end, second.start),
      engineerAt(second.start, second.end),
      ownerAt(second.end, to),
    ]);
    expect(rendered.gaps).toEqual([]);
    const onCall = await stack.http
      .get('/api/v1/oncall')
      .query({ at: iso(first.start + HOUR) })
      .set(bearer(engineer.token))
      .expect(200);
    expect(onCall.body.data.find((item: { schedule_id: string }) => item.schedule_id === scheduleId)).toMatchObject({
      user_id: engineer.user.id,
      start: iso(first.start),
      end: iso(first.end),
    });
    // What Tocsin writes parses with ical.js and holds the imported shift.
    const ics = await stack.http
      .get(`/api/v1/schedules/${scheduleId}/calendar.ics`)
      .query({ from: iso(from), to: iso(to) })
      .set(bearer(owner.token))
      .expect(200);
    const vevents = new ICAL.Component(ICAL.parse(ics.text)).getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
    expect(vevents.map((event) => [event.startDate.toJSDate().getTime(), event.endDate.toJSDate().getTime()])).toContainEqual([
      first.start,
      first.end,
    ]);

    // The calendar changes; "refresh now" imports the change before answering.
    const moved = { ...first, start: day0 + DAY + 12 * HOUR, end: day0 + DAY + 18 * HOUR };
    server.state.body = calendar([{ ...moved, attendee: engineer.email }]);
    const refreshed = await stack.http
      .post(`/api/v1/schedules/${scheduleId}/layers/${layer.id}/refresh`)
      .set(bearer(owner.token))
      .expect(200);
    expect(refreshed.body.data.layers[1]).toMatchObject({ last_error: null, event_count: 1, unmatched_count: 0 });
    const after = await shifts(scheduleId, from, to);
    expect(after.layers[1].shifts).toEqual([{ user_id: engineer.user.id, start: iso(moved.start), end: iso(moved.end) }]);
    expect(after.shifts).toEqual([ownerAt(from, moved.start), engineerAt(moved.start, moved.end), ownerAt(moved.end, to)]);

    // A failing fetch says so, in general terms, and keeps the events of the last good one.
    server.state.status = 503;
    const failed = await stack.http.post(`/api/v1/schedules/${scheduleId}/layers/${layer.id}/refresh`).set(bearer(owner.token)).expect(200);
    expect(failed.body.data.layers[1]).toMatchObject({ last_error: 'The calendar server answered HTTP 503', event_count: 1 });
    expect((await shifts(scheduleId, from, to)).shifts).toEqual(after.shifts);
    server.state.status = 200;
    server.state.body = '<html>not a calendar</html>';
    const garbled = await stack.http
      .post(`/api/v1/schedules/${scheduleId}/layers/${layer.id}/refresh`)
      .set(bearer(owner.token))
      .expect(200);
    expect(garbled.body.data.layers[1]).toMatchObject({ last_error: 'The document is not a valid iCalendar calendar', event_count: 1 });
    expect((await shifts(scheduleId, from, to)).shifts).toEqual(after.shifts);

    // Written back by id without its URL, the layer keeps its URL and its events.
    const current = await getSchedule(scheduleId);
    await stack.http.patch(`/api/v1/schedules/${scheduleId}`).set(bearer(owner.token)).send({ layers: current.layers }).expect(200);
    expect((await shifts(scheduleId, from, to)).shifts).toEqual(after.shifts);
    const [kept] = await stack.orm.em
      .fork()
      .getConnection()
      .execute<{ id: string }[]>('select id from schedule_ical_feeds where id = ?', [layer.id]);
    expect(kept?.id).toBe(layer.id);

    // Removing the layer removes its imports and its Temporal Schedule.
    await stack.http
      .patch(`/api/v1/schedules/${scheduleId}`)
      .set(bearer(owner.token))
      .send({ layers: [current.layers[0]] })
      .expect(200);
    expect((await shifts(scheduleId, from, to)).shifts).toEqual([ownerAt(from, to)]);
    await scheduleGone(refresh);
  }, 120_000);

  it('deleting the schedule deletes the Temporal Schedules of its ical layers', async () => {
    server.state.status = 200;
    server.state.body = calendar([{ ...first, attendee: engineer.email }]);
    const created = await stack.http
      .post('/api/v1/schedules')
      .set(bearer(owner.token))
      .send({ name: 'Short-lived', time_zone: 'UTC', layers: [{ kind: 'ical', url: server.url('/short.ics'), start: iso(day0) }] })
      .expect(201);
    const layerId = created.body.data.layers[0].id as string;
    const handle = stack.temporal.client.schedule.getHandle(workflowIds.icalRefreshSchedule(layerId));
    await describedSchedule(handle);
    await stack.http.delete(`/api/v1/schedules/${created.body.data.id}`).set(bearer(owner.token)).expect(204);
    await scheduleGone(handle);
  }, 60_000);

  it('a worker start recreates a missing refresh schedule, and a run that finds its layer gone deletes its schedule', async () => {
    server.state.status = 200;
    server.state.body = calendar([{ ...first, attendee: engineer.email }]);
    const created = await stack.http
      .post('/api/v1/schedules')
      .set(bearer(owner.token))
      .send({ name: 'Orphaned', time_zone: 'UTC', layers: [{ kind: 'ical', url: server.url('/orphan.ics'), start: iso(day0) }] })
      .expect(201);
    const layerId = created.body.data.layers[0].id as string;
    const handle = stack.temporal.client.schedule.getHandle(workflowIds.icalRefreshSchedule(layerId));
    await describedSchedule(handle);
    // A Temporal server that lost its schedules: the worker's start puts them back.
    await handle.delete();
    const ensure = { orm: stack.orm, client: stack.temporal.client, taskQueue: stack.config.TEMPORAL_TASK_QUEUE };
    // Past the first (which only creates), each call describes the schedule: asked again while Temporal does not answer.
    const ensureAll = () =>
      waitFor('the ical refresh schedules checked', () => ensureAllIcalRefreshSchedules(ensure), { timeoutMs: 30_000 });
    expect(await ensureAllIcalRefreshSchedules(ensure)).toEqual({ created: 1, moved: 0 });
    expect(await ensureAll()).toEqual({ created: 0, moved: 0 });
    const tenantJobs = tenantJobsTaskQueue(stack.config.TEMPORAL_TASK_QUEUE);
    expect((await describedSchedule(handle)).action).toMatchObject({ workflowType: 'icalRefreshWorkflow', taskQueue: tenantJobs });
    // A schedule made before the tenant-jobs queue existed (runs on the main queue): the worker's start moves it.
    await updatedSchedule(handle, (previous) => ({
      ...previous,
      action: { ...previous.action, taskQueue: stack.config.TEMPORAL_TASK_QUEUE },
    }));
    expect(await ensureAll()).toEqual({ created: 0, moved: 1 });
    expect((await describedSchedule(handle)).action).toMatchObject({ workflowType: 'icalRefreshWorkflow', taskQueue: tenantJobs });
    // The layer's feed gone behind the schedule's back (a removal racing the relay): its next run deletes it.
    await stack.orm.em.fork().getConnection().execute('delete from schedule_ical_feeds where id = ?', [layerId]);
    await handle.trigger();
    await scheduleGone(handle);
    await stack.http.delete(`/api/v1/schedules/${created.body.data.id}`).set(bearer(owner.token)).expect(204);
  }, 60_000);

  it('removing a member takes their imported shifts out and reports the gap that opens', async () => {
    const leaving = await addMember(stack, owner.token, 'engineer', 'leaving');
    const event = { uid: 'leaving@test', start: day0 + 2 * DAY, end: day0 + 2 * DAY + 8 * HOUR, summary: leaving.email };
    server.state.status = 200;
    server.state.body = calendar([event]);
    const created = await stack.http
      .post('/api/v1/schedules')
      .set(bearer(owner.token))
      .send({ name: 'Leaving', time_zone: 'UTC', layers: [{ kind: 'ical', url: server.url('/leaving.ics'), start: iso(day0) }] })
      .expect(201);
    const scheduleId = created.body.data.id as string;
    await waitFor('the import', async () => ((await icalLayerOf(scheduleId)).event_count === 1 ? true : undefined), { timeoutMs: 30_000 });

    await stack.http.delete(`/api/v1/users/${leaving.user.id}`).set(bearer(owner.token)).expect(204);

    expect((await shifts(scheduleId, day0, day0 + 5 * DAY)).shifts).toEqual([]);
    expect(await icalLayerOf(scheduleId)).toMatchObject({ event_count: 0 });
    const [removed] = await stack.orm.em
      .fork()
      .getConnection()
      .execute<{ data: { gaps_opened: { start: string; end: string }[] } }[]>(
        `select data from domain_events where type = 'schedule.updated' and data->>'schedule_id' = ? and data->>'reason' = 'member_removed'`,
        [scheduleId],
      );
    expect(removed.data.gaps_opened).toEqual([{ start: iso(event.start), end: iso(event.end) }]);
    await stack.http.delete(`/api/v1/schedules/${scheduleId}`).set(bearer(owner.token)).expect(204);
  }, 60_000);

  it('refuses bad calendar URLs, new layers without one, refreshes by non-editors and by other organizations', async () => {
    const post = (layer: object) =>
      stack.http
        .post('/api/v1/schedules')
        .set(bearer(owner.token))
        .send({ name: 'Bad', time_zone: 'UTC', layers: [{ kind: 'ical', start: iso(day0), ...layer }] });
    const problems = async (layer: object) => {
      const response = await post(layer).expect(422);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      return (response.body.errors as { path: string }[]).map((error) => error.path);
    };
    expect(await problems({})).toEqual(['body.layers.0.url']);
    expect(await problems({ url: 'file:///etc/passwd' })).toEqual(['body.layers.0.url']);
    expect(await problems({ url: 'https://user:pass@calendar.example.test/a.ics' })).toEqual(['body.layers.0.url']);
    // An id Tocsin did not give this schedule is no way to adopt another layer's URL.
    expect(await problems({ id: '3f0c8a52-6f5e-4a55-9d2c-5d1c6f1f1a11' })).toEqual(['body.layers.0.url']);

    const created = await post({ url: server.url('/x.ics') }).expect(201);
    const scheduleId = created.body.data.id as string;
    const layerId = created.body.data.layers[0].id as string;
    await stack.http.post(`/api/v1/schedules/${scheduleId}/layers/${layerId}/refresh`).set(bearer(engineer.token)).expect(403);
    await stack.http.post(`/api/v1/schedules/${scheduleId}/layers/${layerId}/refresh`).set(bearer(other.token)).expect(404);
    await stack.http.delete(`/api/v1/schedules/${scheduleId}`).set(bearer(owner.token)).expect(204);
  }, 60_000);
});

describe('ical schedule layers behind the outbound guard (loopback refused)', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof startCalendarServer>>;
  beforeAll(async () => {
    [stack, server] = await Promise.all([startTestStack({ worker: true }), startCalendarServer()]);
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    await server?.close();
  });

  it('never fetches an internal address: the layer shows a generic error and the server is not asked', async () => {
    const owner = await registerOwner(stack.http, 'ical-ssrf');
    server.state.body = calendar([{ uid: 'x@test', start: Date.now(), end: Date.now() + HOUR, summary: owner.email }]);
    const created = await stack.http
      .post('/api/v1/schedules')
      .set(bearer(owner.token))
      .send({ name: 'SSRF', time_zone: 'UTC', layers: [{ kind: 'ical', url: server.url('/internal.ics'), start: iso(Date.now() - DAY) }] })
      .expect(201);
    const scheduleId = created.body.data.id as string;
    const layer = await waitFor(
      'the refused fetch',
      async () => {
        const response = await stack.http.get(`/api/v1/schedules/${scheduleId}`).set(bearer(owner.token)).expect(200);
        const found = response.body.data.layers[0] as IcalLayer;
        return found.last_fetched_at ? found : undefined;
      },
      { timeoutMs: 30_000 },
    );
    expect(layer).toMatchObject({ event_count: 0, last_error: expect.stringMatching(/^The calendar URL is not allowed/) });
    expect(layer.last_error).not.toContain('127.0.0.1');
    expect(server.state.paths).toEqual([]);
    await stack.http.delete(`/api/v1/schedules/${scheduleId}`).set(bearer(owner.token)).expect(204);
  }, 60_000);
});
