import { waitFor } from '../../dev/wait-for.ts';
import { MAX_OVERRIDES_PER_SCHEDULE, MAX_SCHEDULES_PER_ORGANIZATION } from '../../shared/domain/compute-limits.ts';
import { createApiKey } from '../helpers/api-keys.ts';
import { calendar, startCalendarServer } from '../helpers/calendar-server.ts';
import { bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration } from '../helpers/webhooks.ts';

type Owner = Awaited<ReturnType<typeof registerOwner>>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const minutes = Array.from({ length: 60 }, (_, i) => i).join(',');

describe('bounded cost of rules, calendars and schedules a user writes (integration: HTTP + real Temporal + worker + PostgreSQL)', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof startCalendarServer>>;
  let owner: Owner;
  beforeAll(async () => {
    [stack, server] = await Promise.all([startTestStack({ worker: true, env: { OUTBOUND_ALLOW_PRIVATE: 'true' } }), startCalendarServer()]);
    owner = await registerOwner(stack.http, 'limits');
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    await server?.close();
  });

  const sql = (text: string, params: unknown[] = []) => stack.orm.em.fork().getConnection().execute(text, params);

  it.each([
    ['one occurrence a second written as FREQ=HOURLY', `FREQ=HOURLY;BYMINUTE=${minutes};BYSECOND=${minutes}`, /at most hourly/],
    ['a rule that never matches (February 30)', 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', /too expensive to evaluate/],
    ['an hourly rule whose INTERVAL never reaches its BYHOUR', 'FREQ=HOURLY;INTERVAL=2;BYHOUR=1', /shares no factor with 24/],
  ])(
    'refuses a maintenance window with %s: 422 on body.rrule, at once',
    async (_, rrule, message) => {
      const body = { description: 'x', integration_ids: [], starts_at: inHours(1), ends_at: inHours(2), rrule };
      const refused = await stack.http.post('/api/v1/maintenance-windows').set(bearer(owner.token)).send(body).expect(422);
      expect(refused.body.code).toBe('VALIDATION_ERROR');
      expect(refused.body.errors).toEqual([{ path: 'body.rrule', message: expect.stringMatching(message) }]);
      // The API still answers others meanwhile: nothing was left running.
      await stack.http.get('/healthz').expect(200);
    },
    60_000,
  );

  it('caps a window over every integration at 7 days; scoped to an integration it may last longer', async () => {
    const long = { description: 'x', starts_at: inHours(1), ends_at: inHours(1 + 8 * 24) };
    const refused = await stack.http.post('/api/v1/maintenance-windows').set(bearer(owner.token)).send(long).expect(422);
    expect(refused.body.errors).toEqual([{ path: 'body.ends_at', message: expect.stringMatching(/at most 7 days/) }]);
    const integration = await createIntegration(stack.http, owner.token, 'apm');
    await stack.http
      .post('/api/v1/maintenance-windows')
      .set(bearer(owner.token))
      .send({ ...long, integration_ids: [integration.id] })
      .expect(201);
  });

  it('refuses a personal calendar feed made with an API key, and lets a signed-in member make one', async () => {
    const key = await createApiKey(stack.http, owner.token, { name: 'robot', permissions: ['*'] });
    const refused = await stack.http.post('/api/v1/users/me/calendar-feed').set('X-API-Key', key.api_key).expect(403);
    expect(refused.body.code).toBe('INSUFFICIENT_PERMISSIONS');
    await stack.http.post('/api/v1/users/me/calendar-feed').set(bearer(owner.token)).expect(201);
  });

  it(`caps schedules at ${MAX_SCHEDULES_PER_ORGANIZATION} per organization and overrides near one another at ${MAX_OVERRIDES_PER_SCHEDULE} per schedule: 409`, async () => {
    const organizationId = owner.user.organization_id;
    const schedule = (
      await stack.http.post('/api/v1/schedules').set(bearer(owner.token)).send({ name: 'Primary', time_zone: 'UTC' }).expect(201)
    ).body.data.id as string;
    const base = Date.now();
    await sql(
      `insert into schedule_overrides (id, organization_id, schedule_id, user_id, start_at, end_at, created_at)
       select gen_random_uuid(), ?, ?, ?, ?::timestamptz + n * interval '1 hour', ?::timestamptz + n * interval '1 hour' + interval '30 minutes', now()
       from generate_series(1, ?) as n`,
      [organizationId, schedule, owner.user.id, new Date(base).toISOString(), new Date(base).toISOString(), MAX_OVERRIDES_PER_SCHEDULE],
    );
    const override = (start: number) => ({
      user_id: owner.user.id,
      start: new Date(start).toISOString(),
      end: new Date(start + HOUR).toISOString(),
    });
    const full = await stack.http.post(`/api/v1/schedules/${schedule}/overrides`).set(bearer(owner.token)).send(override(base)).expect(409);
    expect(full.body).toMatchObject({ code: 'CONFLICT', detail: expect.stringMatching(/at most 2000 overrides within 366 days/) });
    // Two years later the schedule has room again: only overrides a render could meet together count.
    await stack.http
      .post(`/api/v1/schedules/${schedule}/overrides`)
      .set(bearer(owner.token))
      .send(override(base + 800 * DAY))
      .expect(201);

    await sql(
      `insert into schedules (id, organization_id, name, time_zone, layers, created_at, updated_at)
       select gen_random_uuid(), ?, 'filler ' || n, 'UTC', '[]', now(), now() from generate_series(1, ?) as n`,
      [organizationId, MAX_SCHEDULES_PER_ORGANIZATION - 1],
    );
    const refused = await stack.http
      .post('/api/v1/schedules')
      .set(bearer(owner.token))
      .send({ name: 'One more', time_zone: 'UTC' })
      .expect(409);
    expect(refused.body.detail).toMatch(/at most 500 schedules/);
    // Another organization is not counted against this one.
    const other = await registerOwner(stack.http, 'limits-other');
    await stack.http.post('/api/v1/schedules').set(bearer(other.token)).send({ name: 'Theirs', time_zone: 'UTC' }).expect(201);
  }, 60_000);

  it.each([
    [
      'a DAILY rule for February 30 started in 1970',
      [
        'BEGIN:VEVENT',
        'UID:never@test',
        'DTSTART:19700101T000000Z',
        'DURATION:PT1H',
        'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
        'SUMMARY:x',
        'END:VEVENT',
      ],
      // Which of its limits cuts it off first (the run of dates without one, or the time) depends on the machine.
      /^The calendar is too expensive to evaluate: (the recurrence rule of the event "x" looked at 20000 dates in a row|more than 3000 ms)/,
    ],
    [
      '2,000 hourly events',
      Array.from({ length: 2_000 }, (_, i) => [
        'BEGIN:VEVENT',
        `UID:e${i}`,
        'DTSTART:20261201T000000Z',
        'DURATION:PT1H',
        'RRULE:FREQ=HOURLY',
        'SUMMARY:x',
        'END:VEVENT',
      ]).flat(),
      /^The calendar is too expensive to evaluate: more than (150000 steps|3000 ms)$/,
    ],
  ])(
    'a calendar refresh of %s records a clear last_error and keeps the last good events',
    async (_, lines, message) => {
      const day0 = Math.ceil(Date.now() / DAY) * DAY + DAY;
      const other = await registerOwner(stack.http, `limits-ical-${lines.length}`);
      server.state.body = calendar([{ uid: 'good@test', start: day0, end: day0 + HOUR, summary: other.email }]);
      const created = await stack.http
        .post('/api/v1/schedules')
        .set(bearer(other.token))
        .send({
          name: 'Imported',
          time_zone: 'UTC',
          layers: [{ kind: 'ical', url: server.url(`/${lines.length}.ics`), start: new Date(day0 - DAY).toISOString() }],
        })
        .expect(201);
      const [scheduleId, layerId] = [created.body.data.id as string, created.body.data.layers[0].id as string];
      const layer = async () =>
        (await stack.http.get(`/api/v1/schedules/${scheduleId}`).set(bearer(other.token)).expect(200)).body.data.layers[0] as {
          last_fetched_at: string | null;
          last_error: string | null;
          event_count: number;
        };
      await waitFor('the first import', async () => ((await layer()).last_fetched_at ? true : undefined), { timeoutMs: 30_000 });
      expect(await layer()).toMatchObject({ last_error: null, event_count: 1 });

      server.state.body = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//x//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');
      const refreshed = await stack.http
        .post(`/api/v1/schedules/${scheduleId}/layers/${layerId}/refresh`)
        .set(bearer(other.token))
        .expect(200);
      expect(refreshed.body.data.layers[0]).toMatchObject({ last_error: expect.stringMatching(message), event_count: 1 });
      // The worker is free again: the organization's on-call lookup answers.
      await stack.http.get('/api/v1/oncall').set(bearer(other.token)).expect(200);
    },
    90_000,
  );
});
