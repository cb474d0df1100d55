import { randomUUID } from 'node:crypto';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

describe('incidents API (integration: real PostgreSQL)', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  const auth = () => ({ Authorization: `Bearer ${owner.token}` });

  beforeAll(async () => {
    stack = await startTestStack();
    owner = await registerOwner(stack.http, 'incidents');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const create = (body: Record<string, unknown>) => stack.http.post('/api/v1/incidents').set(auth()).send(body).expect(201);

  it('creates with defaults and reads the detail with its timeline and analysis', async () => {
    const created = await create({ title: 'Checkout latency', description: 'p99 above 2s' });
    expect(created.body.data).toMatchObject({
      title: 'Checkout latency',
      severity: 'medium',
      status: 'active',
      source: 'manual',
      alert_count: 0,
      resolved_at: null,
    });
    const detail = await stack.http.get(`/api/v1/incidents/${created.body.data.id}`).set(auth()).expect(200);
    expect(detail.body.data.timeline).toEqual([expect.objectContaining({ type: 'created', actor_id: owner.user.id })]);
    expect(detail.body.data.analysis).toEqual({});
  });

  it("takes the organization's default_incident_severity when the body names none", async () => {
    await stack.http.patch('/api/v1/organization-settings').set(auth()).send({ default_incident_severity: 'high' }).expect(200);
    try {
      expect((await create({ title: 'Defaulted' })).body.data.severity).toBe('high');
      expect((await create({ title: 'Explicit', severity: 'low' })).body.data.severity).toBe('low');
    } finally {
      await stack.http.patch('/api/v1/organization-settings').set(auth()).send({ default_incident_severity: 'medium' }).expect(200);
    }
  });

  it('PATCH changes status, severity, assignee and description with a timeline entry each', async () => {
    const { body } = await create({ title: 'Queue backlog', severity: 'low' });
    const id = body.data.id;
    const resolved = await stack.http
      .patch(`/api/v1/incidents/${id}`)
      .set(auth())
      .send({ status: 'resolved', severity: 'high', assignee_id: owner.user.id, description: 'Consumers were stuck' })
      .expect(200);
    expect(resolved.body.data).toMatchObject({
      status: 'resolved',
      severity: 'high',
      assignee_id: owner.user.id,
      description: 'Consumers were stuck',
    });
    expect(resolved.body.data.resolved_at).not.toBeNull();
    expect(resolved.body.data.acknowledged_at).not.toBeNull();
    const reopened = await stack.http.patch(`/api/v1/incidents/${id}`).set(auth()).send({ status: 'investigating' }).expect(200);
    expect(reopened.body.data.resolved_at).toBeNull();
    const detail = await stack.http.get(`/api/v1/incidents/${id}`).set(auth()).expect(200);
    expect(detail.body.data.timeline.map((entry: { type: string }) => entry.type)).toEqual([
      'created',
      'description_changed',
      'severity_changed',
      'assignee_changed',
      'status_changed',
      'status_changed',
    ]);
    const events = (await stack.orm.em
      .fork()
      .getConnection()
      .execute('select type from domain_events where incident_id = ? order by id', [id])) as Array<{ type: string }>;
    expect(events.map((row) => row.type)).toEqual([
      'incident.created',
      'incident.updated',
      'incident.status_changed',
      'incident.resolved',
      'incident.status_changed',
    ]);
  });

  it('refuses an assignee from another organization and invalid values', async () => {
    const stranger = await registerOwner(stack.http, 'stranger');
    const { body } = await create({ title: 'Assign me' });
    const response = await stack.http
      .patch(`/api/v1/incidents/${body.data.id}`)
      .set(auth())
      .send({ assignee_id: stranger.user.id })
      .expect(404);
    expect(response.body).toMatchObject({ code: 'NOT_FOUND', detail: 'assignee_id: no such user in this organization' });
    await stack.http.patch(`/api/v1/incidents/${body.data.id}`).set(auth()).send({ status: 'closed' }).expect(422);
    await stack.http.patch(`/api/v1/incidents/${body.data.id}`).set(auth()).send({}).expect(422);
    await stack.http.post('/api/v1/incidents').set(auth()).send({ severity: 'critical' }).expect(422);
  });

  it('lists newest first with status, severity, date-range and full-text filters, and paginates', async () => {
    const tag = randomUUID().slice(0, 8);
    const db = await create({ title: `Database failover ${tag}`, description: 'Primary postgres stopped answering', severity: 'critical' });
    await create({ title: `Disk pressure ${tag}`, description: 'Volumes filling up on workers', severity: 'low' });
    const list = (query: string) => stack.http.get(`/api/v1/incidents?${query}`).set(auth()).expect(200);

    const critical = await list('severity=critical&limit=100');
    expect(critical.body.data.every((incident: { severity: string }) => incident.severity === 'critical')).toBe(true);
    const search = await list(`search=${encodeURIComponent('postgres answering')}`);
    expect(search.body.data.map((incident: { id: string }) => incident.id)).toEqual([db.body.data.id]);
    const stemmed = await list(`search=${encodeURIComponent('volume fill')}`);
    expect(stemmed.body.data[0].title).toBe(`Disk pressure ${tag}`);

    const all = await list('limit=100');
    const created = all.body.data.map((incident: { created_at: string }) => incident.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    const page = await list('limit=1&offset=1');
    expect(page.body.meta).toEqual({ total: all.body.meta.total, limit: 1, offset: 1 });
    expect(page.body.data[0].id).toBe(all.body.data[1].id);
    expect((await list('limit=1000')).body.meta.limit).toBe(100);
    const future = await list(`created_after=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(future.body.data).toEqual([]);
    await stack.http.get('/api/v1/incidents?limit=-1').set(auth()).expect(422);
    await stack.http.get('/api/v1/incidents?limit=abc').set(auth()).expect(422);
    await stack.http.get('/api/v1/incidents?status=closed').set(auth()).expect(422);
    await stack.http.get('/api/v1/incidents?created_after=yesterday').set(auth()).expect(422);
  });

  it("never shows one organization's incidents to another (404, empty list)", async () => {
    const { body } = await create({ title: 'Private incident' });
    const other = await registerOwner(stack.http, 'other');
    const otherAuth = { Authorization: `Bearer ${other.token}` };
    await stack.http.get(`/api/v1/incidents/${body.data.id}`).set(otherAuth).expect(404);
    await stack.http.patch(`/api/v1/incidents/${body.data.id}`).set(otherAuth).send({ status: 'resolved' }).expect(404);
    const list = await stack.http.get('/api/v1/incidents').set(otherAuth).expect(200);
    expect(list.body.meta.total).toBe(0);
  });

  it('answers concurrent detail reads of several organizations each with its own incident only', async () => {
    const other = await registerOwner(stack.http, 'concurrent');
    const otherAuth = { Authorization: `Bearer ${other.token}` };
    const mine = (await create({ title: 'Mine' })).body.data.id as string;
    const theirs = (await stack.http.post('/api/v1/incidents').set(otherAuth).send({ title: 'Theirs' }).expect(201)).body.data.id as string;
    // Sent at once, so the server reads them in shared batches: mixed organizations, repeated ids, an unknown id.
    const asked = Array.from({ length: 8 }, () => [
      { as: auth(), id: mine, expected: 'Mine' },
      { as: auth(), id: theirs, expected: undefined },
      { as: otherAuth, id: theirs, expected: 'Theirs' },
      { as: otherAuth, id: mine, expected: undefined },
      { as: otherAuth, id: randomUUID(), expected: undefined },
    ]).flat();
    const answers = await Promise.all(asked.map(({ as, id }) => stack.http.get(`/api/v1/incidents/${id}`).set(as)));
    expect(answers.map((answer) => [answer.status, answer.body.data?.title])).toEqual(
      asked.map(({ expected }) => (expected ? [200, expected] : [404, undefined])),
    );
  });
});
