import { addMember, bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration } from '../helpers/webhooks.ts';

describe('teams API (integration: real PostgreSQL)', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let other: Awaited<ReturnType<typeof registerOwner>>;
  let engineer: Awaited<ReturnType<typeof addMember>>;
  let viewer: Awaited<ReturnType<typeof addMember>>;
  const auth = () => bearer(owner.token);

  beforeAll(async () => {
    stack = await startTestStack();
    owner = await registerOwner(stack.http, 'teams');
    other = await registerOwner(stack.http, 'teams-other');
    engineer = await addMember(stack, owner.token, 'engineer', 'teams-engineer');
    viewer = await addMember(stack, owner.token, 'viewer', 'teams-viewer');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const createPolicy = async (token: string, name: string, targets: Array<{ type: string; id: string }>) =>
    (
      await stack.http
        .post('/api/v1/escalation-policies')
        .set(bearer(token))
        .send({ name, levels: [{ targets, delay_minutes: 5 }] })
        .expect(201)
    ).body.data as { id: string };

  it('creates, lists, reads, renames and deletes a team with its members, each change audited', async () => {
    const policy = await createPolicy(owner.token, 'Database default', [{ type: 'user', id: owner.user.id }]);
    const created = await stack.http
      .post('/api/v1/teams')
      .set(auth())
      .send({
        name: 'Database',
        default_escalation_policy_id: policy.id,
        members: [{ user_id: owner.user.id, role: 'manager' }, { user_id: engineer.user.id }],
      })
      .expect(201);
    const team = created.body.data;
    expect(team).toMatchObject({ name: 'Database', description: null, default_escalation_policy_id: policy.id, schedule_ids: [] });
    expect(team.members.map((m: { user_id: string; role: string }) => [m.user_id, m.role])).toEqual([
      [owner.user.id, 'manager'],
      [engineer.user.id, 'member'],
    ]);

    const added = await stack.http.post(`/api/v1/teams/${team.id}/members`).set(auth()).send({ user_id: viewer.user.id }).expect(200);
    expect(added.body.data.members.map((m: { user_id: string }) => m.user_id)).toEqual([owner.user.id, engineer.user.id, viewer.user.id]);
    const promoted = await stack.http
      .post(`/api/v1/teams/${team.id}/members`)
      .set(auth())
      .send({ user_id: viewer.user.id, role: 'manager' })
      .expect(200);
    expect(promoted.body.data.members).toHaveLength(3);
    expect(promoted.body.data.members[2]).toMatchObject({ user_id: viewer.user.id, role: 'manager', email: viewer.email });

    const removed = await stack.http.delete(`/api/v1/teams/${team.id}/members/${viewer.user.id}`).set(auth()).expect(200);
    expect(removed.body.data.members.map((m: { user_id: string }) => m.user_id)).toEqual([owner.user.id, engineer.user.id]);
    await stack.http.delete(`/api/v1/teams/${team.id}/members/${viewer.user.id}`).set(auth()).expect(404);

    const mine = await stack.http.get(`/api/v1/teams?user_id=${engineer.user.id}`).set(auth()).expect(200);
    expect(mine.body.data.map((t: { id: string }) => t.id)).toEqual([team.id]);
    expect((await stack.http.get(`/api/v1/teams?user_id=${viewer.user.id}`).set(auth()).expect(200)).body.meta.total).toBe(0);

    const renamed = await stack.http
      .patch(`/api/v1/teams/${team.id}`)
      .set(auth())
      .send({ name: 'DBA', description: 'Databases' })
      .expect(200);
    expect(renamed.body.data).toMatchObject({ name: 'DBA', description: 'Databases' });
    expect((await stack.http.get(`/api/v1/teams/${team.id}`).set(bearer(viewer.token)).expect(200)).body.data.name).toBe('DBA');

    await stack.http.delete(`/api/v1/teams/${team.id}`).set(auth()).expect(204);
    await stack.http.get(`/api/v1/teams/${team.id}`).set(auth()).expect(404);

    const audited = await stack.orm.em
      .fork()
      .execute<Array<{ event_type: string }>>('select event_type from audit_events where target_id = ? order by created_at', [team.id]);
    expect(audited.map((row) => row.event_type)).toEqual([
      'teams.create',
      'teams.members',
      'teams.members',
      'teams.members',
      'teams.update',
      'teams.delete',
    ]);
  });

  it('answers 409 for a duplicate name, ignoring case, on create and rename', async () => {
    await stack.http.post('/api/v1/teams').set(auth()).send({ name: 'Payments' }).expect(201);
    const duplicate = await stack.http.post('/api/v1/teams').set(auth()).send({ name: 'payments' }).expect(409);
    expect(duplicate.body.code).toBe('CONFLICT');
    const second = (await stack.http.post('/api/v1/teams').set(auth()).send({ name: 'Checkout' }).expect(201)).body.data;
    expect((await stack.http.patch(`/api/v1/teams/${second.id}`).set(auth()).send({ name: 'PAYMENTS' }).expect(409)).body.code).toBe(
      'CONFLICT',
    );
    // Another organization may use the name.
    await stack.http.post('/api/v1/teams').set(bearer(other.token)).send({ name: 'Payments' }).expect(201);
  });

  it.each([
    ['a blank name', { name: ' ' }, 'body.name'],
    [
      'an unknown role',
      { name: 'Roles', members: [{ user_id: '00000000-0000-4000-8000-000000000001', role: 'boss' }] },
      'body.members.0.role',
    ],
    ['an unknown field', { name: 'Extra', colour: 'red' }, 'body'],
  ])('refuses %s with 422', async (_name, body, path) => {
    const response = await stack.http.post('/api/v1/teams').set(auth()).send(body).expect(422);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
  });

  it("refuses another organization's member or policy with 422, and a member listed twice", async () => {
    const theirPolicy = await createPolicy(other.token, 'Theirs', [{ type: 'user', id: other.user.id }]);
    const response = await stack.http
      .post('/api/v1/teams')
      .set(auth())
      .send({ name: 'Leaky', default_escalation_policy_id: theirPolicy.id, members: [{ user_id: other.user.id }] })
      .expect(422);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toEqual(['body.default_escalation_policy_id']);
    const members = await stack.http
      .post('/api/v1/teams')
      .set(auth())
      .send({ name: 'Leaky', members: [{ user_id: other.user.id }, { user_id: owner.user.id }, { user_id: owner.user.id }] })
      .expect(422);
    expect(members.body.errors.map((error: { path: string }) => error.path)).toEqual(['body.members.0.user_id', 'body.members.2.user_id']);
    const team = (await stack.http.post('/api/v1/teams').set(auth()).send({ name: 'Guarded' }).expect(201)).body.data;
    await stack.http.post(`/api/v1/teams/${team.id}/members`).set(auth()).send({ user_id: other.user.id }).expect(422);
  });

  it("answers 404 for another organization's team, never lists it, and refuses it as a target or owner", async () => {
    const theirs = (
      await stack.http
        .post('/api/v1/teams')
        .set(bearer(other.token))
        .send({ name: 'Secret', members: [{ user_id: other.user.id }] })
        .expect(201)
    ).body.data;
    await stack.http.get(`/api/v1/teams/${theirs.id}`).set(auth()).expect(404);
    await stack.http.patch(`/api/v1/teams/${theirs.id}`).set(auth()).send({ name: 'Mine' }).expect(404);
    await stack.http.delete(`/api/v1/teams/${theirs.id}`).set(auth()).expect(404);
    await stack.http.post(`/api/v1/teams/${theirs.id}/members`).set(auth()).send({ user_id: owner.user.id }).expect(404);
    await stack.http.delete(`/api/v1/teams/${theirs.id}/members/${other.user.id}`).set(auth()).expect(404);
    const listed = await stack.http.get('/api/v1/teams?limit=100').set(auth()).expect(200);
    expect(listed.body.data.map((t: { id: string }) => t.id)).not.toContain(theirs.id);
    expect((await stack.http.get(`/api/v1/teams/${theirs.id}`).set(bearer(other.token)).expect(200)).body.data.name).toBe('Secret');

    const target = await stack.http
      .post('/api/v1/escalation-policies')
      .set(auth())
      .send({ name: 'Cross', levels: [{ targets: [{ type: 'team', id: theirs.id }], delay_minutes: 1 }] })
      .expect(422);
    expect(target.body.errors.map((error: { path: string }) => error.path)).toEqual(['body.levels.0.targets.0.id']);
    const owned = await stack.http
      .post('/api/v1/schedules')
      .set(auth())
      .send({ name: 'Cross', time_zone: 'UTC', team_id: theirs.id })
      .expect(422);
    expect(owned.body.errors.map((error: { path: string }) => error.path)).toEqual(['body.team_id']);
  });

  it('refuses a viewer writes (403) and lets them read', async () => {
    await stack.http.get('/api/v1/teams').set(bearer(viewer.token)).expect(200);
    const refused = await stack.http.post('/api/v1/teams').set(bearer(viewer.token)).send({ name: 'Viewers' }).expect(403);
    expect(refused.body.code).toBe('INSUFFICIENT_PERMISSIONS');
  });

  it('owns integrations, routing rules, schedules and policies, settable and filterable by team_id', async () => {
    const team = (await stack.http.post('/api/v1/teams').set(auth()).send({ name: 'Owners' }).expect(201)).body.data;
    const policy = await createPolicy(owner.token, 'Owned policy', [{ type: 'user', id: owner.user.id }]);
    const unowned = await createPolicy(owner.token, 'Unowned policy', [{ type: 'user', id: owner.user.id }]);
    await stack.http.patch(`/api/v1/escalation-policies/${policy.id}`).set(auth()).send({ team_id: team.id }).expect(200);
    const schedule = (
      await stack.http
        .post('/api/v1/schedules')
        .set(auth())
        .send({ name: 'Owned schedule', time_zone: 'UTC', team_id: team.id })
        .expect(201)
    ).body.data;
    expect(schedule.team_id).toBe(team.id);
    const rule = (
      await stack.http
        .post('/api/v1/routing-rules')
        .set(auth())
        .send({ name: 'Owned rule', matchers: 'service="owned"', escalation_policy_id: policy.id, team_id: team.id })
        .expect(201)
    ).body.data;
    expect(rule.team_id).toBe(team.id);
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const patched = await stack.http.patch(`/api/v1/integrations/${integration.id}`).set(auth()).send({ team_id: team.id }).expect(200);
    expect(patched.body.data.team_id).toBe(team.id);

    const ids = async (path: string) =>
      ((await stack.http.get(`${path}?team_id=${team.id}&limit=100`).set(auth()).expect(200)).body.data as Array<{ id: string }>).map(
        (x) => x.id,
      );
    expect(await ids('/api/v1/escalation-policies')).toEqual([policy.id]);
    expect(await ids('/api/v1/escalation-policies')).not.toContain(unowned.id);
    expect(await ids('/api/v1/schedules')).toEqual([schedule.id]);
    expect(await ids('/api/v1/routing-rules')).toEqual([rule.id]);
    expect(await ids('/api/v1/integrations')).toEqual([integration.id]);
    expect((await stack.http.get(`/api/v1/teams/${team.id}`).set(auth()).expect(200)).body.data.schedule_ids).toEqual([schedule.id]);

    // Deleting the team hands what it owned back to the organization.
    await stack.http.delete(`/api/v1/teams/${team.id}`).set(auth()).expect(204);
    expect((await stack.http.get(`/api/v1/schedules/${schedule.id}`).set(auth()).expect(200)).body.data.team_id).toBeNull();
    expect((await stack.http.get(`/api/v1/integrations/${integration.id}`).set(auth()).expect(200)).body.data.team_id).toBeNull();
  });

  it('refuses to delete a team a policy level pages (409 naming the policy), then deletes it once none does', async () => {
    const team = (await stack.http.post('/api/v1/teams').set(auth()).send({ name: 'Paged team' }).expect(201)).body.data;
    const policy = await createPolicy(owner.token, 'Pages the team', [
      { type: 'user', id: owner.user.id },
      { type: 'team', id: team.id },
    ]);
    const refused = await stack.http.delete(`/api/v1/teams/${team.id}`).set(auth()).expect(409);
    expect(refused.body.code).toBe('CONFLICT');
    expect(refused.body.detail).toContain('"Pages the team"');
    await stack.http
      .patch(`/api/v1/escalation-policies/${policy.id}`)
      .set(auth())
      .send({ levels: [{ targets: [{ type: 'user', id: owner.user.id }], delay_minutes: 5 }] })
      .expect(200);
    await stack.http.delete(`/api/v1/teams/${team.id}`).set(auth()).expect(204);
  });

  it("tests routing through an integration's team default policy", async () => {
    const policy = await createPolicy(owner.token, 'Team default', [{ type: 'user', id: owner.user.id }]);
    const team = (
      await stack.http.post('/api/v1/teams').set(auth()).send({ name: 'Routed', default_escalation_policy_id: policy.id }).expect(201)
    ).body.data;
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    await stack.http.patch(`/api/v1/integrations/${integration.id}`).set(auth()).send({ team_id: team.id }).expect(200);
    const tested = await stack.http
      .post('/api/v1/routing-rules/test')
      .set(auth())
      .send({ labels: { service: 'nothing-matches' }, severity: 'critical', integration_id: integration.id })
      .expect(200);
    expect(tested.body.data).toMatchObject({ escalation_policy_id: policy.id, source: 'team', rule: null });
  });
});
