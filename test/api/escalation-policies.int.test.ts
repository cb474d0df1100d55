import { randomUUID } from 'node:crypto';
import { addMember, bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration } from '../helpers/webhooks.ts';

describe('escalation policies API (integration: real PostgreSQL)', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let other: Awaited<ReturnType<typeof registerOwner>>;
  const auth = () => bearer(owner.token);
  let scheduleId: string;
  const policyBody = (fields: Record<string, unknown> = {}) => ({
    name: 'Primary',
    levels: [
      { targets: [{ type: 'user', id: owner.user.id }], delay_minutes: 5 },
      { targets: [{ type: 'schedule', id: scheduleId }], delay_minutes: 0.5 },
    ],
    ...fields,
  });

  beforeAll(async () => {
    stack = await startTestStack();
    owner = await registerOwner(stack.http, 'escalation');
    other = await registerOwner(stack.http, 'escalation-other');
    scheduleId = (
      await stack.http
        .post('/api/v1/schedules')
        .set(auth())
        .send({
          name: 'Primary',
          time_zone: 'Europe/Berlin',
          layers: [{ users: [owner.user.id], rotation: 'daily', handoff_time: '09:00', start: '2026-11-01T09:00:00+01:00' }],
        })
        .expect(201)
    ).body.data.id;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('creates, lists, reads, updates and deletes a policy, each change audited', async () => {
    const created = await stack.http.post('/api/v1/escalation-policies').set(auth()).send(policyBody()).expect(201);
    const policy = created.body.data;
    expect(policy).toMatchObject({ name: 'Primary', repeat: 0, is_default: false, description: null });
    // A level sent without a mode pages all its targets at once.
    expect(policy.levels).toEqual(policyBody().levels.map((level) => ({ ...level, mode: 'all' })));

    const list = await stack.http.get('/api/v1/escalation-policies').set(auth()).expect(200);
    expect(list.body.data.map((item: { id: string }) => item.id)).toEqual([policy.id]);
    expect(list.body.meta).toMatchObject({ total: 1 });
    await stack.http.get(`/api/v1/escalation-policies/${policy.id}`).set(auth()).expect(200);

    const updated = await stack.http
      .patch(`/api/v1/escalation-policies/${policy.id}`)
      .set(auth())
      .send({ name: 'Primary on-call', repeat: 2 })
      .expect(200);
    expect(updated.body.data).toMatchObject({ name: 'Primary on-call', repeat: 2 });

    await stack.http.delete(`/api/v1/escalation-policies/${policy.id}`).set(auth()).expect(204);
    await stack.http.get(`/api/v1/escalation-policies/${policy.id}`).set(auth()).expect(404);

    const audited = await stack.orm.em
      .fork()
      .execute<Array<{ event_type: string }>>('select event_type from audit_events where target_id = ? order by created_at', [policy.id]);
    expect(audited.map((row) => row.event_type)).toEqual([
      'escalation-policies.create',
      'escalation-policies.update',
      'escalation-policies.delete',
    ]);
  });

  it.each([
    ['no levels', { levels: [] }, 'body.levels'],
    ['a delay of zero', { levels: [{ targets: [{ type: 'user', id: randomUUID() }], delay_minutes: 0 }] }, 'body.levels.0.delay_minutes'],
    ['a level without targets', { levels: [{ targets: [], delay_minutes: 1 }] }, 'body.levels.0.targets'],
    [
      'an unknown target type',
      { levels: [{ targets: [{ type: 'group', id: randomUUID() }], delay_minutes: 1 }] },
      'body.levels.0.targets.0.type',
    ],
    ['repeat above 9', { repeat: 10 }, 'body.repeat'],
    ['a blank name', { name: '  ' }, 'body.name'],
  ])('refuses %s with 422', async (_name, fields, path) => {
    const response = await stack.http.post('/api/v1/escalation-policies').set(auth()).send(policyBody(fields)).expect(422);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
  });

  it('refuses a user or schedule target of another organization, or none at all, with 422', async () => {
    const theirSchedule = (
      await stack.http
        .post('/api/v1/schedules')
        .set(bearer(other.token))
        .send({
          name: 'Theirs',
          time_zone: 'UTC',
          layers: [{ users: [other.user.id], rotation: 'daily', handoff_time: '09:00', start: '2026-11-01T09:00:00Z' }],
        })
        .expect(201)
    ).body.data.id as string;
    for (const [type, id] of [
      ['user', other.user.id],
      ['user', randomUUID()],
      ['schedule', theirSchedule],
      ['schedule', randomUUID()],
    ]) {
      const response = await stack.http
        .post('/api/v1/escalation-policies')
        .set(auth())
        .send(policyBody({ levels: [{ targets: [{ type, id }], delay_minutes: 1 }] }))
        .expect(422);
      expect(response.body.errors).toEqual([{ path: 'body.levels.0.targets.0.id', message: `no such ${type} in this organization` }]);
    }
  });

  it('lets a viewer and an engineer read but not write (403)', async () => {
    const policy = (await stack.http.post('/api/v1/escalation-policies').set(auth()).send(policyBody()).expect(201)).body.data;
    for (const role of ['viewer', 'engineer'] as const) {
      const member = await addMember(stack, owner.token, role);
      await stack.http.get(`/api/v1/escalation-policies/${policy.id}`).set(bearer(member.token)).expect(200);
      const refused = await stack.http.post('/api/v1/escalation-policies').set(bearer(member.token)).send(policyBody()).expect(403);
      expect(refused.body.required_permission).toBe('escalation:update');
      await stack.http.patch(`/api/v1/escalation-policies/${policy.id}`).set(bearer(member.token)).send({ repeat: 1 }).expect(403);
      await stack.http.delete(`/api/v1/escalation-policies/${policy.id}`).set(bearer(member.token)).expect(403);
    }
  });

  it("answers 404 for another organization's policy, and never lists it", async () => {
    const policy = (await stack.http.post('/api/v1/escalation-policies').set(auth()).send(policyBody()).expect(201)).body.data;
    const theirs = bearer(other.token);
    await stack.http.get(`/api/v1/escalation-policies/${policy.id}`).set(theirs).expect(404);
    await stack.http.patch(`/api/v1/escalation-policies/${policy.id}`).set(theirs).send({ repeat: 1 }).expect(404);
    await stack.http.delete(`/api/v1/escalation-policies/${policy.id}`).set(theirs).expect(404);
    const list = await stack.http.get('/api/v1/escalation-policies').set(theirs).expect(200);
    expect(list.body.data).toEqual([]);
    // Nor may an integration of the other organization name it.
    const integration = await createIntegration(stack.http, other.token, 'metrics_alerts');
    const refused = await stack.http
      .patch(`/api/v1/integrations/${integration.id}`)
      .set(theirs)
      .send({ escalation_policy_id: policy.id })
      .expect(422);
    expect(refused.body.errors[0].path).toBe('body.escalation_policy_id');
  });

  it('keeps exactly one default when several are made default at once', async () => {
    const org = await registerOwner(stack.http, 'escalation-race');
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        stack.http
          .post('/api/v1/escalation-policies')
          .set(bearer(org.token))
          .send({ name: `Default ${n}`, is_default: true, levels: [{ targets: [{ type: 'user', id: org.user.id }], delay_minutes: 1 }] }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const list = await stack.http.get('/api/v1/escalation-policies').set(bearer(org.token)).expect(200);
    expect(list.body.data.filter((policy: { is_default: boolean }) => policy.is_default)).toHaveLength(1);
  });

  it('keeps one default per organization, and lets an integration name a policy', async () => {
    const first = (
      await stack.http
        .post('/api/v1/escalation-policies')
        .set(auth())
        .send(policyBody({ is_default: true }))
        .expect(201)
    ).body.data;
    const second = (
      await stack.http
        .post('/api/v1/escalation-policies')
        .set(auth())
        .send(policyBody({ is_default: true }))
        .expect(201)
    ).body.data;
    expect((await stack.http.get(`/api/v1/escalation-policies/${first.id}`).set(auth()).expect(200)).body.data.is_default).toBe(false);
    await stack.http.patch(`/api/v1/escalation-policies/${first.id}`).set(auth()).send({ is_default: true }).expect(200);
    expect((await stack.http.get(`/api/v1/escalation-policies/${second.id}`).set(auth()).expect(200)).body.data.is_default).toBe(false);

    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const named = await stack.http
      .patch(`/api/v1/integrations/${integration.id}`)
      .set(auth())
      .send({ escalation_policy_id: second.id })
      .expect(200);
    expect(named.body.data.escalation_policy_id).toBe(second.id);
    await stack.http.delete(`/api/v1/escalation-policies/${second.id}`).set(auth()).expect(204);
    expect(
      (await stack.http.get(`/api/v1/integrations/${integration.id}`).set(auth()).expect(200)).body.data.escalation_policy_id,
    ).toBeNull();
  });
});
