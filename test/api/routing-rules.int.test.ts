import { randomUUID } from 'node:crypto';
import { addMember, bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration } from '../helpers/webhooks.ts';

interface Rule {
  id: string;
  name: string;
  matchers: string[];
  matchers_text: string;
  escalation_policy_id: string;
  urgency: string;
  enabled: boolean;
  position: number;
}

describe('routing rules API (integration: real PostgreSQL)', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let other: Awaited<ReturnType<typeof registerOwner>>;
  const auth = () => bearer(owner.token);
  const createPolicy = async (token: string, userId: string, fields: Record<string, unknown> = {}) =>
    (
      await stack.http
        .post('/api/v1/escalation-policies')
        .set(bearer(token))
        .send({
          name: `Policy ${randomUUID().slice(0, 6)}`,
          levels: [{ targets: [{ type: 'user', id: userId }], delay_minutes: 5 }],
          ...fields,
        })
        .expect(201)
    ).body.data.id as string;
  const createRule = async (token: string, body: Record<string, unknown>) =>
    (await stack.http.post('/api/v1/routing-rules').set(bearer(token)).send(body).expect(201)).body.data as Rule;
  const order = async (token: string) =>
    ((await stack.http.get('/api/v1/routing-rules?limit=100').set(bearer(token)).expect(200)).body.data as Rule[]).map((rule) => rule.name);

  beforeAll(async () => {
    stack = await startTestStack();
    other = await registerOwner(stack.http, 'routing-other');
  });
  beforeEach(async () => {
    owner = await registerOwner(stack.http, 'routing');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('creates, lists in order, reads, updates and deletes a rule, each change audited', async () => {
    const policy = await createPolicy(owner.token, owner.user.id);
    const created = await createRule(owner.token, {
      name: 'Database',
      matchers: '{service="db", env=~"prod|staging"}',
      escalation_policy_id: policy,
      urgency: 'low',
    });
    expect(created).toMatchObject({
      name: 'Database',
      matchers: ['service="db"', 'env=~"prod|staging"'],
      matchers_text: '{service="db", env=~"prod|staging"}',
      escalation_policy_id: policy,
      urgency: 'low',
      enabled: true,
      position: 0,
      created_by: owner.user.id,
    });
    const list = await stack.http.get('/api/v1/routing-rules').set(auth()).expect(200);
    expect(list.body.data).toEqual([created]);
    expect(list.body.meta).toMatchObject({ total: 1 });
    await stack.http.get(`/api/v1/routing-rules/${created.id}`).set(auth()).expect(200);

    const updated = await stack.http
      .patch(`/api/v1/routing-rules/${created.id}`)
      .set(auth())
      .send({ matchers: ['service=db'], urgency: 'high', enabled: false })
      .expect(200);
    expect(updated.body.data).toMatchObject({ matchers: ['service="db"'], urgency: 'high', enabled: false });

    await stack.http.delete(`/api/v1/routing-rules/${created.id}`).set(auth()).expect(204);
    await stack.http.get(`/api/v1/routing-rules/${created.id}`).set(auth()).expect(404);
    const audited = await stack.orm.em
      .fork()
      .execute<Array<{ event_type: string }>>('select event_type from audit_events where target_id = ? order by created_at', [created.id]);
    expect(audited.map((row) => row.event_type)).toEqual(['routing-rules.create', 'routing-rules.update', 'routing-rules.delete']);
  });

  it('keeps positions without gaps: insert at a position, move by PATCH, set the whole order by PUT, close the gap on delete', async () => {
    const policy = await createPolicy(owner.token, owner.user.id);
    const rule = (name: string, position?: number) =>
      createRule(owner.token, {
        name,
        matchers: `team="${name}"`,
        escalation_policy_id: policy,
        ...(position === undefined ? {} : { position }),
      });
    const a = await rule('a');
    const b = await rule('b');
    const c = await rule('c', 0);
    expect(await order(owner.token)).toEqual(['c', 'a', 'b']);
    await rule('d', 99);
    expect(await order(owner.token)).toEqual(['c', 'a', 'b', 'd']);

    await stack.http.patch(`/api/v1/routing-rules/${b.id}`).set(auth()).send({ position: 0 }).expect(200);
    expect(await order(owner.token)).toEqual(['b', 'c', 'a', 'd']);

    const all = (await stack.http.get('/api/v1/routing-rules').set(auth()).expect(200)).body.data as Rule[];
    const byName = new Map(all.map((item) => [item.name, item.id]));
    const reordered = await stack.http
      .put('/api/v1/routing-rules/order')
      .set(auth())
      .send({ rule_ids: ['d', 'a', 'c', 'b'].map((name) => byName.get(name)) })
      .expect(200);
    expect((reordered.body.data as Rule[]).map((item) => [item.name, item.position])).toEqual([
      ['d', 0],
      ['a', 1],
      ['c', 2],
      ['b', 3],
    ]);

    await stack.http.delete(`/api/v1/routing-rules/${a.id}`).set(auth()).expect(204);
    const after = (await stack.http.get('/api/v1/routing-rules').set(auth()).expect(200)).body.data as Rule[];
    expect(after.map((item) => [item.name, item.position])).toEqual([
      ['d', 0],
      ['c', 1],
      ['b', 2],
    ]);
    expect(c.id).toBe(byName.get('c'));
  });

  it('refuses an order that leaves a rule out, repeats one, or names one of another organization (422), changing nothing', async () => {
    const policy = await createPolicy(owner.token, owner.user.id);
    const mine = [await createRule(owner.token, { name: 'x', matchers: 'a=b', escalation_policy_id: policy })];
    mine.push(await createRule(owner.token, { name: 'y', matchers: 'a=c', escalation_policy_id: policy }));
    const theirPolicy = await createPolicy(other.token, other.user.id);
    const theirs = await createRule(other.token, { name: 'theirs', matchers: 'a=b', escalation_policy_id: theirPolicy });

    const missing = await stack.http
      .put('/api/v1/routing-rules/order')
      .set(auth())
      .send({ rule_ids: [mine[1]?.id] })
      .expect(422);
    expect(missing.body.code).toBe('VALIDATION_ERROR');
    await stack.http
      .put('/api/v1/routing-rules/order')
      .set(auth())
      .send({ rule_ids: [mine[1]?.id, mine[1]?.id, mine[0]?.id] })
      .expect(422);
    const foreign = await stack.http
      .put('/api/v1/routing-rules/order')
      .set(auth())
      .send({ rule_ids: [mine[1]?.id, mine[0]?.id, theirs.id] })
      .expect(422);
    expect(foreign.body.errors).toContainEqual({ path: 'body.rule_ids.2', message: 'no such routing rule in this organization' });
    expect(await order(owner.token)).toEqual(['x', 'y']);
    expect(await order(other.token)).toEqual(['theirs']);
  });

  it.each([
    ['an invalid regex', { matchers: 'a=~"("' }, 'body.matchers'],
    ['a backreference RE2 cannot run in linear time', { matchers: 'a=~"(x)\\\\1"' }, 'body.matchers'],
    ['no matchers', { matchers: '{}' }, 'body.matchers'],
    ['an unknown urgency', { urgency: 'urgent' }, 'body.urgency'],
    ['a blank name', { name: ' ' }, 'body.name'],
    ['a negative position', { position: -1 }, 'body.position'],
    ['a policy that does not exist', { escalation_policy_id: randomUUID() }, 'body.escalation_policy_id'],
  ])('refuses %s with 422', async (_name, fields, path) => {
    const policy = await createPolicy(owner.token, owner.user.id);
    const response = await stack.http
      .post('/api/v1/routing-rules')
      .set(auth())
      .send({ name: 'Rule', matchers: 'service=db', escalation_policy_id: policy, ...fields })
      .expect(422);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
  });

  it('lets a viewer and an engineer read and test but not write (403)', async () => {
    const policy = await createPolicy(owner.token, owner.user.id);
    const rule = await createRule(owner.token, { name: 'Rule', matchers: 'service=db', escalation_policy_id: policy });
    for (const role of ['viewer', 'engineer'] as const) {
      const member = await addMember(stack, owner.token, role);
      await stack.http.get(`/api/v1/routing-rules/${rule.id}`).set(bearer(member.token)).expect(200);
      await stack.http.get('/api/v1/routing-rules').set(bearer(member.token)).expect(200);
      await stack.http.post('/api/v1/routing-rules/test').set(bearer(member.token)).send({ severity: 'high' }).expect(200);
      const refused = await stack.http
        .post('/api/v1/routing-rules')
        .set(bearer(member.token))
        .send({ name: 'Mine', matchers: 'a=b', escalation_policy_id: policy })
        .expect(403);
      expect(refused.body.required_permission).toBe('escalation:update');
      await stack.http.patch(`/api/v1/routing-rules/${rule.id}`).set(bearer(member.token)).send({ urgency: 'low' }).expect(403);
      await stack.http
        .put('/api/v1/routing-rules/order')
        .set(bearer(member.token))
        .send({ rule_ids: [rule.id] })
        .expect(403);
      await stack.http.delete(`/api/v1/routing-rules/${rule.id}`).set(bearer(member.token)).expect(403);
    }
  });

  it("keeps organizations apart: another organization's rule is 404 and its policy or integration cannot be named", async () => {
    const policy = await createPolicy(owner.token, owner.user.id);
    const rule = await createRule(owner.token, { name: 'Rule', matchers: 'service=db', escalation_policy_id: policy });
    const theirs = bearer(other.token);
    await stack.http.get(`/api/v1/routing-rules/${rule.id}`).set(theirs).expect(404);
    await stack.http.patch(`/api/v1/routing-rules/${rule.id}`).set(theirs).send({ urgency: 'low' }).expect(404);
    await stack.http.delete(`/api/v1/routing-rules/${rule.id}`).set(theirs).expect(404);
    expect((await stack.http.get('/api/v1/routing-rules').set(theirs).expect(200)).body.data).not.toContainEqual(
      expect.objectContaining({ id: rule.id }),
    );

    // A rule of theirs may not choose our policy, on creation or by PATCH.
    const theirPolicy = await createPolicy(other.token, other.user.id);
    const refused = await stack.http
      .post('/api/v1/routing-rules')
      .set(theirs)
      .send({ name: 'Steal', matchers: 'a=b', escalation_policy_id: policy })
      .expect(422);
    expect(refused.body.errors).toEqual([{ path: 'body.escalation_policy_id', message: 'no such escalation policy in this organization' }]);
    const theirRule = await createRule(other.token, { name: 'Theirs', matchers: 'a=b', escalation_policy_id: theirPolicy });
    await stack.http.patch(`/api/v1/routing-rules/${theirRule.id}`).set(theirs).send({ escalation_policy_id: policy }).expect(422);
    // Nor our procedure as its runbook.
    const procedure = (
      await stack.http
        .post('/api/v1/procedures')
        .set(auth())
        .send({ name: 'Ours', steps: [{ name: 'Look', type: 'manual' }] })
        .expect(201)
    ).body.data as { id: string };
    const noRunbook = await stack.http
      .patch(`/api/v1/routing-rules/${theirRule.id}`)
      .set(theirs)
      .send({ runbook: { procedure_id: procedure.id } })
      .expect(422);
    expect(noRunbook.body.errors).toEqual([{ path: 'body.runbook.procedure_id', message: 'no such procedure in this organization' }]);
    const withRunbook = await stack.http
      .patch(`/api/v1/routing-rules/${rule.id}`)
      .set(auth())
      .send({ runbook: { procedure_id: procedure.id }, priority: 'P3' })
      .expect(200);
    expect(withRunbook.body.data).toMatchObject({
      priority: 'P3',
      runbook: { procedure_id: procedure.id, auto_approve: false, resolve_incident: true },
    });
    // A deleted procedure leaves the rule without a runbook.
    await stack.http.delete(`/api/v1/procedures/${procedure.id}`).set(auth()).expect(204);
    expect((await stack.http.get(`/api/v1/routing-rules/${rule.id}`).set(auth()).expect(200)).body.data.runbook).toBeNull();

    // Nor may the tester read our integration's policy.
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const notFound = await stack.http
      .post('/api/v1/routing-rules/test')
      .set(theirs)
      .send({ severity: 'critical', integration_id: integration.id })
      .expect(404);
    expect(notFound.body.code).toBe('NOT_FOUND');
  });

  it('refuses to delete a policy a rule chooses (409), and deletes it once the rule points elsewhere', async () => {
    const policy = await createPolicy(owner.token, owner.user.id);
    const spare = await createPolicy(owner.token, owner.user.id);
    const rule = await createRule(owner.token, { name: 'Database', matchers: 'service=db', escalation_policy_id: policy });
    const refused = await stack.http.delete(`/api/v1/escalation-policies/${policy}`).set(auth()).expect(409);
    expect(refused.body).toMatchObject({ code: 'CONFLICT', detail: expect.stringContaining('"Database"') });
    await stack.http.get(`/api/v1/escalation-policies/${policy}`).set(auth()).expect(200);
    await stack.http.patch(`/api/v1/routing-rules/${rule.id}`).set(auth()).send({ escalation_policy_id: spare }).expect(200);
    await stack.http.delete(`/api/v1/escalation-policies/${policy}`).set(auth()).expect(204);
  });

  it('tests an alert without side effects: the first matching rule, else the integration policy, else the default', async () => {
    const dba = await createPolicy(owner.token, owner.user.id);
    const fallback = await createPolicy(owner.token, owner.user.id);
    const byDefault = await createPolicy(owner.token, owner.user.id, { is_default: true });
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const apm = await createIntegration(stack.http, owner.token, 'apm');
    await stack.http.patch(`/api/v1/integrations/${integration.id}`).set(auth()).send({ escalation_policy_id: fallback }).expect(200);
    const dbRule = await createRule(owner.token, {
      name: 'Database at night',
      matchers: '{service="db", severity=~"critical|high"}',
      escalation_policy_id: dba,
      urgency: 'high',
      priority: 'P2',
    });
    const apmRule = await createRule(owner.token, { name: 'APM', matchers: 'platform="apm"', escalation_policy_id: dba, urgency: 'low' });
    const test = async (body: Record<string, unknown>) =>
      (await stack.http.post('/api/v1/routing-rules/test').set(auth()).send(body).expect(200)).body.data;
    const incidentsBefore = await stack.orm.em
      .fork()
      .execute('select count(*)::int as n from incidents where organization_id = ?', [owner.organization.id]);

    expect(await test({ labels: { service: 'db' }, severity: 'critical', integration_id: integration.id })).toEqual({
      rule: expect.objectContaining({ id: dbRule.id, priority: 'P2' }),
      escalation_policy_id: dba,
      source: 'rule',
      urgency: 'high',
      priority: 'P2',
    });
    expect(await test({ labels: { service: 'db' }, severity: 'low', integration_id: integration.id })).toEqual({
      rule: null,
      escalation_policy_id: fallback,
      source: 'integration',
      urgency: 'high',
      priority: null,
    });
    // The platform defaults to the integration's.
    expect(await test({ labels: {}, severity: 'low', integration_id: apm.id })).toMatchObject({
      rule: { id: apmRule.id },
      escalation_policy_id: dba,
      urgency: 'low',
    });
    expect(await test({ labels: {}, severity: 'low' })).toEqual({
      rule: null,
      escalation_policy_id: byDefault,
      source: 'default',
      urgency: 'high',
      priority: null,
    });

    const incidentsAfter = await stack.orm.em
      .fork()
      .execute('select count(*)::int as n from incidents where organization_id = ?', [owner.organization.id]);
    expect(incidentsAfter).toEqual(incidentsBefore);
    const bad = await stack.http.post('/api/v1/routing-rules/test').set(auth()).send({ severity: 'loud' }).expect(422);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
  });

  it('answers the tester with no policy when the organization has none', async () => {
    const response = await stack.http
      .post('/api/v1/routing-rules/test')
      .set(auth())
      .send({ labels: { a: 'b' }, severity: 'medium' })
      .expect(200);
    expect(response.body.data).toEqual({ rule: null, escalation_policy_id: null, source: 'none', urgency: 'high', priority: null });
  });

  it('tests an adversarial label against (a+)+$ in linear time, through the API', async () => {
    const policy = await createPolicy(owner.token, owner.user.id);
    const regexRule = await createRule(owner.token, {
      name: 'Regex',
      matchers: 'payload=~"(a+)+$"',
      escalation_policy_id: policy,
      urgency: 'low',
    });
    // A backtracking engine never finishes on a long run of "a" that ends in a non-match. Values
    // are cut to 1,024 characters as at ingestion, so the non-match sits within them.
    const long = 'a'.repeat(99_999);
    const started = Date.now();
    const miss = await stack.http
      .post('/api/v1/routing-rules/test')
      .set(auth())
      .send({ labels: { payload: `${'a'.repeat(1023)}!` }, severity: 'high' })
      .expect(200);
    expect(miss.body.data).toMatchObject({ rule: null, urgency: 'high' });
    const hit = await stack.http
      .post('/api/v1/routing-rules/test')
      .set(auth())
      .send({ labels: { payload: long }, severity: 'high' })
      .expect(200);
    expect(hit.body.data).toMatchObject({ rule: { id: regexRule.id }, escalation_policy_id: policy, urgency: 'low' });
    // Backtracking would take longer than the universe has left; the bound leaves a loaded machine room.
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
