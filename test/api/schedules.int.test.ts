import ICAL from 'ical.js';
import { addMember, bearer, type Member } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

type Owner = Awaited<ReturnType<typeof registerOwner>>;
type Shift = { user_id: string; start: string; end: string; source: string };

const hours = (shift: { start: string; end: string }) => (Date.parse(shift.end) - Date.parse(shift.start)) / 3_600_000;

describe('schedules (integration: real PostgreSQL over HTTP)', () => {
  let stack: TestStack;
  let owner: Owner;
  let engineer: Member;
  let viewer: Member;
  let other: Owner;
  beforeAll(async () => {
    stack = await startTestStack();
    owner = await registerOwner(stack.http, 'schedules');
    engineer = await addMember(stack, owner.token, 'engineer');
    viewer = await addMember(stack, owner.token, 'viewer');
    other = await registerOwner(stack.http, 'schedules-other');
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const sql = <T>(query: string, params: unknown[]) => stack.orm.em.fork().getConnection().execute<T[]>(query, params);

  /** A daily rotation owner → engineer in Berlin, handing off at 09:00 local, and the owner in business hours above. */
  const berlinSchedule = (name: string) => ({
    name,
    time_zone: 'Europe/Berlin',
    layers: [
      { users: [owner.user.id, engineer.user.id], rotation: 'daily', handoff_time: '09:00', start: '2026-10-23T09:00:00+02:00' },
      {
        name: 'business hours',
        users: [owner.user.id],
        rotation: 'weekly',
        handoff_day: 'monday',
        start: '2026-10-19T00:00:00+02:00',
        restrictions: [{ days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], start: '10:00', end: '12:00' }],
      },
    ],
  });

  const create = (token: string, body: unknown) =>
    stack.http
      .post('/api/v1/schedules')
      .set(bearer(token))
      .send(body as object);

  it('creates a schedule, renders its shifts across the DST change and answers who is on call', async () => {
    const created = await create(owner.token, berlinSchedule('Primary')).expect(201);
    const schedule = created.body.data;
    expect(schedule).toMatchObject({ name: 'Primary', time_zone: 'Europe/Berlin', overrides: [] });
    expect(schedule.layers[0]).toMatchObject({
      kind: 'rotation',
      start: '2026-10-23T07:00:00.000Z',
      handoff_time: '09:00',
      restrictions: [],
    });

    const response = await stack.http
      .get(`/api/v1/schedules/${schedule.id}/shifts`)
      .query({ from: '2026-10-24T00:00:00+02:00', to: '2026-10-27T00:00:00+01:00' })
      .set(bearer(viewer.token))
      .expect(200);
    const { shifts, gaps, layers } = response.body.data as { shifts: Shift[]; gaps: unknown[]; layers: { shifts: unknown[] }[] };
    expect(gaps).toEqual([]);
    expect(layers).toHaveLength(2);
    expect(shifts).toEqual([
      { user_id: owner.user.id, start: '2026-10-23T22:00:00.000Z', end: '2026-10-24T07:00:00.000Z', source: 'layer' },
      // 09:00 CEST to 09:00 CET: the turn across the change is 25 hours.
      { user_id: engineer.user.id, start: '2026-10-24T07:00:00.000Z', end: '2026-10-25T08:00:00.000Z', source: 'layer' },
      { user_id: owner.user.id, start: '2026-10-25T08:00:00.000Z', end: '2026-10-26T08:00:00.000Z', source: 'layer' },
      // Monday 26: the engineer's turn, but the business-hours layer above puts the owner on 10:00-12:00 CET.
      { user_id: engineer.user.id, start: '2026-10-26T08:00:00.000Z', end: '2026-10-26T09:00:00.000Z', source: 'layer' },
      { user_id: owner.user.id, start: '2026-10-26T09:00:00.000Z', end: '2026-10-26T11:00:00.000Z', source: 'layer' },
      { user_id: engineer.user.id, start: '2026-10-26T11:00:00.000Z', end: '2026-10-26T23:00:00.000Z', source: 'layer' },
    ]);
    expect(hours(shifts[1])).toBe(25);

    for (const shift of shifts) {
      const at = new Date((Date.parse(shift.start) + Date.parse(shift.end)) / 2).toISOString();
      const oncall = await stack.http.get('/api/v1/oncall').query({ at }).set(bearer(viewer.token)).expect(200);
      expect(oncall.body.meta.at).toBe(at);
      expect(oncall.body.data.find((entry: { schedule_id: string }) => entry.schedule_id === schedule.id)).toMatchObject({
        user_id: shift.user_id,
        source: 'layer',
      });
    }
    const [audit] = await sql<{ count: string }>(
      `select count(*) from audit_events where organization_id = ? and event_type = 'schedules.create'`,
      [owner.organization.id],
    );
    expect(Number(audit.count)).toBeGreaterThanOrEqual(1);
    const events = await sql<{ data: { schedule_id: string; reason: string } }>(
      `select data from domain_events where organization_id = ? and type = 'schedule.updated'`,
      [owner.organization.id],
    );
    expect(events.map((event) => event.data)).toContainEqual(expect.objectContaining({ schedule_id: schedule.id, reason: 'created' }));
  });

  it('exports the final schedule as an iCalendar document that parses back into the same shifts', async () => {
    const id = (await create(owner.token, berlinSchedule('Calendar; with, specials')).expect(201)).body.data.id;
    await stack.http
      .post(`/api/v1/schedules/${id}/overrides`)
      .set(bearer(owner.token))
      .send({ user_id: owner.user.id, start: '2026-10-25T12:00:00+01:00', end: '2026-10-25T14:00:00+01:00' })
      .expect(201);
    const query = { from: '2026-10-24T00:00:00+02:00', to: '2026-10-28T00:00:00+01:00' };
    const shifts = (await stack.http.get(`/api/v1/schedules/${id}/shifts`).query(query).set(bearer(viewer.token)).expect(200)).body.data
      .shifts as Shift[];
    const response = await stack.http
      .get(`/api/v1/schedules/${id}/calendar.ics`)
      .query(query)
      .set(bearer(viewer.token))
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => done(null, text));
      })
      .expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(response.body as string));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    const events = calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      return {
        user_id: component.getFirstPropertyValue('x-tocsin-user-id'),
        start: event.startDate.toJSDate().toISOString(),
        end: event.endDate.toJSDate().toISOString(),
        source: event.description === 'Override' ? 'override' : 'layer',
        summary: event.summary,
        uid: event.uid,
      };
    });
    expect(events.map(({ summary: _s, uid: _u, ...shift }) => shift)).toEqual(shifts);
    expect(shifts.some((shift) => shift.source === 'override')).toBe(true);
    expect(events[0].summary).toMatch(/^On call: .+ \(Calendar; with, specials\)$/);
    expect(new Set(events.map((event) => event.uid)).size).toBe(events.length);
    await stack.http.get(`/api/v1/schedules/${id}/calendar.ics`).set(bearer(other.token)).expect(404);
  });

  it("serves a member's shifts across schedules on a secret, revocable feed URL stored only as a hash", async () => {
    const member = await addMember(stack, owner.token, 'engineer', 'feed');
    const start = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const ids: string[] = [];
    for (const name of ['Feed A', 'Feed B']) {
      const body = { name, time_zone: 'America/New_York', layers: [{ users: [owner.user.id, member.user.id], rotation: 'daily', start }] };
      ids.push((await create(owner.token, body).expect(201)).body.data.id);
    }
    const created = await stack.http.post('/api/v1/users/me/calendar-feed').set(bearer(member.token)).expect(201);
    const url = new URL(created.body.data.url as string);
    const token = url.searchParams.get('token')!;
    expect(url.pathname).toBe('/api/v1/calendar-feed.ics');
    const status = await stack.http.get('/api/v1/users/me/calendar-feed').set(bearer(member.token)).expect(200);
    expect(status.body.data).toMatchObject({ enabled: true, url: null });
    const stored = await sql<{ token_hash: string }>('select token_hash from calendar_feeds where user_id = ?', [member.user.id]);
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);

    const text = (path: string) =>
      stack.http
        .get(path)
        .buffer(true)
        .parse((res, done) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => done(null, body));
        });
    const feed = await text(`/api/v1/calendar-feed.ics?token=${token}`).expect(200);
    const events = new ICAL.Component(ICAL.parse(feed.body as string)).getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      return {
        user_id: component.getFirstPropertyValue('x-tocsin-user-id'),
        start: event.startDate.toJSDate().toISOString(),
        summary: event.summary,
      };
    });
    expect(events.length).toBeGreaterThan(40);
    expect(events.every((event) => event.user_id === member.user.id)).toBe(true);
    for (const [index, id] of ids.entries()) {
      const shifts = await stack.http
        .get(`/api/v1/schedules/${id}/shifts`)
        .query({ from: new Date(Date.now() + 86_400_000).toISOString(), to: new Date(Date.now() + 30 * 86_400_000).toISOString() })
        .set(bearer(member.token))
        .expect(200);
      const mine = (shifts.body.data.shifts as Shift[]).filter((shift) => shift.user_id === member.user.id).slice(1);
      expect(mine.length).toBeGreaterThan(5);
      for (const shift of mine)
        expect(events).toContainEqual(
          expect.objectContaining({ start: shift.start, summary: expect.stringContaining(`Feed ${'AB'[index]}`) }),
        );
    }

    const rotated = await stack.http.post('/api/v1/users/me/calendar-feed').set(bearer(member.token)).expect(201);
    await text(`/api/v1/calendar-feed.ics?token=${token}`).expect(404);
    const next = new URL(rotated.body.data.url as string).searchParams.get('token')!;
    await text(`/api/v1/calendar-feed.ics?token=${next}`).expect(200);
    await stack.http.delete('/api/v1/users/me/calendar-feed').set(bearer(member.token)).expect(204);
    await text(`/api/v1/calendar-feed.ics?token=${next}`).expect(404);
    await text('/api/v1/calendar-feed.ics?token=short').expect(422);
  });

  it('keeps a zone alias as given and updates layers with PATCH', async () => {
    const created = await create(owner.token, { name: 'India', time_zone: 'Asia/Calcutta' }).expect(201);
    expect(created.body.data.time_zone).toBe('Asia/Calcutta');
    const patched = await stack.http
      .patch(`/api/v1/schedules/${created.body.data.id}`)
      .set(bearer(owner.token))
      .send({
        time_zone: 'Asia/Kolkata',
        layers: [{ users: [owner.user.id], rotation: 'custom', turn_hours: 12, start: '2026-05-01T09:00:00+05:30' }],
      })
      .expect(200);
    expect(patched.body.data.time_zone).toBe('Asia/Kolkata');
    const shifts = await stack.http
      .get(`/api/v1/schedules/${created.body.data.id}/shifts`)
      .query({ from: '2026-05-01T09:00:00+05:30', to: '2026-05-02T09:00:00+05:30' })
      .set(bearer(owner.token))
      .expect(200);
    expect(shifts.body.data.shifts).toEqual([
      { user_id: owner.user.id, start: '2026-05-01T03:30:00.000Z', end: '2026-05-02T03:30:00.000Z', source: 'layer' },
    ]);
  });

  it.each([
    [{ name: 'x', time_zone: '+01:00' }, ['body.time_zone']],
    [{ name: 'x', time_zone: 'Mars/Olympus_Mons' }, ['body.time_zone']],
    [{ name: ' ', time_zone: 'UTC' }, ['body.name']],
    [
      { name: 'x', time_zone: 'UTC', layers: [{ users: [], rotation: 'custom', start: '2026-01-01T00:00:00Z' }] },
      ['body.layers.0.turn_hours'],
    ],
    [
      { name: 'x', time_zone: 'UTC', layers: [{ users: [], rotation: 'daily', handoff_time: '24:00', start: '2026-01-01T00:00:00Z' }] },
      ['body.layers.0.handoff_time'],
    ],
    [{ name: 'x', time_zone: 'UTC', layers: [{ users: [], rotation: 'daily', start: '2026-01-01T00:00:00' }] }, ['body.layers.0.start']],
    [
      {
        name: 'x',
        time_zone: 'UTC',
        layers: [{ users: [], rotation: 'daily', start: '2026-01-02T00:00:00Z', end: '2026-01-01T00:00:00Z' }],
      },
      ['body.layers.0.end'],
    ],
    [
      {
        name: 'x',
        time_zone: 'UTC',
        layers: [
          {
            users: [],
            rotation: 'daily',
            start: '2026-01-01T00:00:00Z',
            restrictions: [{ days: ['someday'], start: '09:00', end: '17:00' }],
          },
        ],
      },
      ['body.layers.0.restrictions.0.days.0'],
    ],
  ])('answers 422 for %j', async (body, paths) => {
    const response = await create(owner.token, body).expect(422);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    expect(response.body.errors.map((error: { path: string }) => error.path)).toEqual(paths);
  });

  it('refuses users who are not members of the organization, and shift windows that are reversed or too long', async () => {
    const foreign = await create(owner.token, {
      name: 'foreign',
      time_zone: 'UTC',
      layers: [{ users: [owner.user.id, other.user.id], rotation: 'daily', start: '2026-01-01T00:00:00Z' }],
    }).expect(422);
    expect(foreign.body.errors).toEqual([{ path: 'body.layers.0.users.1', message: 'not a member of this organization' }]);
    const id = (await create(owner.token, { name: 'windows', time_zone: 'UTC' }).expect(201)).body.data.id;
    const shifts = (query: Record<string, string>) =>
      stack.http.get(`/api/v1/schedules/${id}/shifts`).query(query).set(bearer(owner.token));
    expect((await shifts({ from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' }).expect(422)).body.errors[0].path).toBe('query.to');
    expect((await shifts({ from: '2026-01-01T00:00:00Z', to: '2027-01-03T00:00:00Z' }).expect(422)).body.errors[0].path).toBe('query.to');
    expect((await shifts({ from: 'yesterday' }).expect(422)).body.errors[0].path).toBe('query.from');
    const full = await shifts({ from: '2026-01-01T00:00:00Z', to: '2027-01-01T00:00:00Z' }).expect(200);
    expect(full.body.data.gaps).toEqual([{ start: '2026-01-01T00:00:00.000Z', end: '2027-01-01T00:00:00.000Z' }]);
    await stack.http
      .post(`/api/v1/schedules/${id}/overrides`)
      .set(bearer(owner.token))
      .send({ user_id: other.user.id, start: '2026-01-01T00:00:00Z', end: '2026-01-02T00:00:00Z' })
      .expect(422);
    await stack.http
      .post(`/api/v1/schedules/${id}/overrides`)
      .set(bearer(owner.token))
      .send({ user_id: owner.user.id, start: '2026-01-02T00:00:00Z', end: '2026-01-01T00:00:00Z' })
      .expect(422);
  });

  it("never shows or changes another organization's schedule (404) and lists only its own on call", async () => {
    const id = (await create(owner.token, berlinSchedule('Private')).expect(201)).body.data.id;
    const as = bearer(other.token);
    await stack.http.get(`/api/v1/schedules/${id}`).set(as).expect(404);
    await stack.http.get(`/api/v1/schedules/${id}/shifts`).set(as).expect(404);
    await stack.http.patch(`/api/v1/schedules/${id}`).set(as).send({ name: 'mine now' }).expect(404);
    await stack.http
      .post(`/api/v1/schedules/${id}/overrides`)
      .set(as)
      .send({ user_id: other.user.id, start: '2026-01-01T00:00:00Z', end: '2026-01-02T00:00:00Z' })
      .expect(404);
    await stack.http.delete(`/api/v1/schedules/${id}`).set(as).expect(404);
    const list = await stack.http.get('/api/v1/schedules').set(as).expect(200);
    expect(list.body.meta.total).toBe(0);
    const oncall = await stack.http.get('/api/v1/oncall').set(as).expect(200);
    expect(oncall.body.data).toEqual([]);
    await stack.http.get(`/api/v1/schedules/${id}`).set(bearer(owner.token)).expect(200);
  });

  it('lets viewers read only, engineers override only for themselves, editors do anything', async () => {
    const id = (await create(owner.token, berlinSchedule('Roles')).expect(201)).body.data.id;
    const window = { start: '2026-10-24T12:00:00+02:00', end: '2026-10-25T12:00:00+01:00' };
    await stack.http.get(`/api/v1/schedules/${id}`).set(bearer(viewer.token)).expect(200);
    for (const member of [viewer, engineer]) {
      const refused = await create(member.token, { name: 'nope', time_zone: 'UTC' }).expect(403);
      expect(refused.body.code).toBe('INSUFFICIENT_PERMISSIONS');
      await stack.http.patch(`/api/v1/schedules/${id}`).set(bearer(member.token)).send({ name: 'nope' }).expect(403);
      await stack.http.delete(`/api/v1/schedules/${id}`).set(bearer(member.token)).expect(403);
    }
    await stack.http
      .post(`/api/v1/schedules/${id}/overrides`)
      .set(bearer(viewer.token))
      .send({ user_id: viewer.user.id, ...window })
      .expect(403);
    await stack.http
      .post(`/api/v1/schedules/${id}/overrides`)
      .set(bearer(engineer.token))
      .send({ user_id: owner.user.id, ...window })
      .expect(403);
    const own = await stack.http
      .post(`/api/v1/schedules/${id}/overrides`)
      .set(bearer(engineer.token))
      .send({ user_id: engineer.user.id, ...window })
      .expect(201);
    expect(own.body.data).toMatchObject({
      user_id: engineer.user.id,
      start: '2026-10-24T10:00:00.000Z',
      end: '2026-10-25T11:00:00.000Z',
      created_by: engineer.user.id,
    });
    const byOwner = await stack.http
      .post(`/api/v1/schedules/${id}/overrides`)
      .set(bearer(owner.token))
      .send({ user_id: owner.user.id, start: '2026-10-25T11:00:00+01:00', end: '2026-10-25T13:00:00+01:00' })
      .expect(201);

    const shifts = await stack.http
      .get(`/api/v1/schedules/${id}/shifts`)
      .query({ from: '2026-10-24T12:00:00+02:00', to: '2026-10-25T13:00:00+01:00' })
      .set(bearer(viewer.token))
      .expect(200);
    expect(shifts.body.data.shifts).toEqual([
      { user_id: engineer.user.id, start: '2026-10-24T10:00:00.000Z', end: '2026-10-25T10:00:00.000Z', source: 'override' },
      // The later override wins where the two overlap.
      { user_id: owner.user.id, start: '2026-10-25T10:00:00.000Z', end: '2026-10-25T12:00:00.000Z', source: 'override' },
    ]);

    await stack.http.delete(`/api/v1/schedules/${id}/overrides/${byOwner.body.data.id}`).set(bearer(engineer.token)).expect(403);
    await stack.http.delete(`/api/v1/schedules/${id}/overrides/${byOwner.body.data.id}`).set(bearer(viewer.token)).expect(403);
    await stack.http.delete(`/api/v1/schedules/${id}/overrides/${own.body.data.id}`).set(bearer(engineer.token)).expect(204);
    await stack.http.delete(`/api/v1/schedules/${id}/overrides/${own.body.data.id}`).set(bearer(engineer.token)).expect(404);
    await stack.http.delete(`/api/v1/schedules/${id}/overrides/${byOwner.body.data.id}`).set(bearer(owner.token)).expect(204);
    await stack.http.delete(`/api/v1/schedules/${id}`).set(bearer(owner.token)).expect(204);
    await stack.http.get(`/api/v1/schedules/${id}`).set(bearer(owner.token)).expect(404);
  });

  it('removing a member takes them out of every rotation and override and reports the gaps that opens', async () => {
    const leaving = await addMember(stack, owner.token, 'engineer', 'leaving');
    const start = new Date(Date.now() - 86_400_000).toISOString();
    const id = (
      await create(owner.token, {
        name: 'Removal',
        time_zone: 'UTC',
        layers: [
          { users: [owner.user.id], rotation: 'daily', handoff_time: '00:00', start, restrictions: [{ start: '08:00', end: '20:00' }] },
          { users: [leaving.user.id], rotation: 'daily', handoff_time: '00:00', start, restrictions: [{ start: '20:00', end: '08:00' }] },
        ],
      }).expect(201)
    ).body.data.id;
    await stack.http
      .post(`/api/v1/schedules/${id}/overrides`)
      .set(bearer(leaving.token))
      .send({
        user_id: leaving.user.id,
        start: new Date(Date.now() + 3_600_000).toISOString(),
        end: new Date(Date.now() + 7_200_000).toISOString(),
      })
      .expect(201);

    const removedAt = Date.now();
    await stack.http.delete(`/api/v1/users/${leaving.user.id}`).set(bearer(owner.token)).expect(204);

    const after = await stack.http.get(`/api/v1/schedules/${id}`).set(bearer(owner.token)).expect(200);
    expect(after.body.data.layers[1].users).toEqual([]);
    expect(after.body.data.overrides).toEqual([]);
    const [event] = await sql<{ data: { reason: string; user_id: string; gaps_opened: { start: string; end: string }[] } }>(
      `select data from domain_events where organization_id = ? and type = 'schedule.updated' and data->>'schedule_id' = ? and data->>'reason' = 'member_removed'`,
      [owner.organization.id, id],
    );
    expect(event.data.user_id).toBe(leaving.user.id);
    // Every night of the next four weeks (20:00-08:00 UTC) is now uncovered, and nothing else.
    const gaps = event.data.gaps_opened;
    expect(gaps.length).toBeGreaterThanOrEqual(28);
    for (const gap of gaps.slice(1, -1)) {
      expect(new Date(gap.start).getUTCHours()).toBe(20);
      expect(hours(gap)).toBe(12);
    }
    expect(Date.parse(gaps[0].start)).toBeGreaterThanOrEqual(removedAt - 5_000);
    const shifts = await stack.http.get(`/api/v1/schedules/${id}/shifts`).set(bearer(owner.token)).expect(200);
    expect(shifts.body.data.shifts.every((shift: Shift) => shift.user_id === owner.user.id)).toBe(true);
  });

  it('answers GET /oncall from memory only while nothing changed: every write, from any process, shows at once', async () => {
    const org = await registerOwner(stack.http, 'oncall-versions');
    const member = await addMember(stack, org.token, 'engineer', 'oncall-versions');
    const as = bearer(org.token);
    const now = Date.now();
    const created = await stack.http
      .post('/api/v1/schedules')
      .set(as)
      .send({
        name: 'Primary',
        time_zone: 'UTC',
        layers: [{ users: [org.user.id], rotation: 'weekly', start: new Date(now - 86_400_000).toISOString() }],
      })
      .expect(201);
    const id = created.body.data.id as string;
    const onCallNow = async () =>
      ((await stack.http.get('/api/v1/oncall').set(as).expect(200)).body.data as Array<{ user_id: string | null; source: string }>)[0];
    expect(await onCallNow()).toMatchObject({ user_id: org.user.id, source: 'layer' });
    // Twice: the second answer comes from the snapshot.
    expect(await onCallNow()).toMatchObject({ user_id: org.user.id, source: 'layer' });
    const override = await stack.http
      .post(`/api/v1/schedules/${id}/overrides`)
      .set(as)
      .send({ user_id: member.user.id, start: new Date(now - 60_000).toISOString(), end: new Date(now + 3_600_000).toISOString() })
      .expect(201);
    expect(await onCallNow()).toMatchObject({ user_id: member.user.id, source: 'override' });
    // Another process's write (the worker importing a calendar, another API instance): straight in SQL.
    await sql("update schedule_overrides set end_at = now() - interval '1 second' where id = ?", [override.body.data.id]);
    expect(await onCallNow()).toMatchObject({ user_id: org.user.id, source: 'layer' });
    await sql('delete from schedules where id = ?', [id]);
    expect(await onCallNow()).toBeUndefined();
  });
});
