import { randomUUID } from 'node:crypto';
import { addMember, bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe('silences API (integration: HTTP + PostgreSQL)', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  beforeAll(async () => {
    stack = await startTestStack();
    owner = await registerOwner(stack.http, 'silences');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const create = (token: string, body: Record<string, unknown>) => stack.http.post('/api/v1/silences').set(bearer(token)).send(body);

  it('creates, reads, lists by state, changes and expires a silence, auditing each change', async () => {
    const created = await create(owner.token, {
      matchers: '{alertname="DiskFull", env=~"prod|staging"}',
      ends_at: inHours(2),
      comment: 'Disk migration tonight',
    }).expect(201);
    const silence = created.body.data;
    expect(silence).toMatchObject({
      matchers: ['alertname="DiskFull"', 'env=~"prod|staging"'],
      matchers_text: '{alertname="DiskFull", env=~"prod|staging"}',
      status: 'active',
      comment: 'Disk migration tonight',
      created_by: owner.user.id,
    });
    const pending = (
      await create(owner.token, {
        matchers: ['job="batch"', 'severity!="critical"'],
        starts_at: new Date(Date.now() + 3_600_000).toISOString().replace('Z', '+00:00'),
        ends_at: inHours(3),
        comment: 'Batch window',
      }).expect(201)
    ).body.data;
    expect(pending.status).toBe('pending');

    const read = await stack.http.get(`/api/v1/silences/${silence.id}`).set(bearer(owner.token)).expect(200);
    expect(read.body.data).toEqual(silence);
    const active = await stack.http.get('/api/v1/silences?status=active').set(bearer(owner.token)).expect(200);
    expect(active.body.data.map((item: { id: string }) => item.id)).toEqual([silence.id]);
    const pendingList = await stack.http.get('/api/v1/silences?status=pending').set(bearer(owner.token)).expect(200);
    expect(pendingList.body.data.map((item: { id: string }) => item.id)).toEqual([pending.id]);
    expect((await stack.http.get('/api/v1/silences').set(bearer(owner.token)).expect(200)).body.meta.total).toBe(2);

    const patched = await stack.http
      .patch(`/api/v1/silences/${silence.id}`)
      .set(bearer(owner.token))
      .send({ matchers: 'alertname=~"Disk.*"', comment: 'Longer' })
      .expect(200);
    expect(patched.body.data).toMatchObject({ matchers: ['alertname=~"Disk.*"'], comment: 'Longer', updated_by: owner.user.id });

    const expired = await stack.http.delete(`/api/v1/silences/${silence.id}`).set(bearer(owner.token)).expect(200);
    expect(expired.body.data.status).toBe('expired');
    expect(Date.parse(expired.body.data.ends_at)).toBeLessThanOrEqual(Date.now());
    const expiredPending = await stack.http.delete(`/api/v1/silences/${pending.id}`).set(bearer(owner.token)).expect(200);
    expect(expiredPending.body.data.status).toBe('expired');
    const expiredList = await stack.http.get('/api/v1/silences?status=expired').set(bearer(owner.token)).expect(200);
    expect(expiredList.body.meta.total).toBe(2);
    // History does not change.
    await stack.http.patch(`/api/v1/silences/${silence.id}`).set(bearer(owner.token)).send({ comment: 'again' }).expect(409);

    const audit = await stack.http.get('/api/v1/audit?limit=100').set(bearer(owner.token)).expect(200);
    const actions = audit.body.data.map((event: { action: string }) => event.action);
    expect(actions).toEqual(expect.arrayContaining(['createSilence', 'updateSilence', 'expireSilence']));
  });

  it.each([
    ['no matchers', { ends_at: inHours(1), comment: 'x' }, 'body.matchers'],
    ['an unparsable matcher', { matchers: 'alertname', ends_at: inHours(1), comment: 'x' }, 'body.matchers'],
    ['an invalid regex', { matchers: 'alertname=~"("', ends_at: inHours(1), comment: 'x' }, 'body.matchers'],
    ['matchers that match everything', { matchers: 'alertname=~".*"', ends_at: inHours(1), comment: 'x' }, 'body.matchers'],
    ['an end in the past', { matchers: 'a="b"', ends_at: inHours(-1), comment: 'x' }, 'body.ends_at'],
    ['an end before the start', { matchers: 'a="b"', starts_at: inHours(3), ends_at: inHours(2), comment: 'x' }, 'body.ends_at'],
    ['a time without offset', { matchers: 'a="b"', ends_at: '2030-01-01T00:00:00', comment: 'x' }, 'body.ends_at'],
    ['a blank comment', { matchers: 'a="b"', ends_at: inHours(1), comment: '  ' }, 'body.comment'],
    ['an unknown field', { matchers: 'a="b"', ends_at: inHours(1), comment: 'x', createdBy: 'me' }, 'body'],
  ])('refuses %s with 422', async (_what, body, path) => {
    const response = await create(owner.token, body).expect(422);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
  });

  it('lets engineers create and expire silences, viewers only read them', async () => {
    const engineer = await addMember(stack, owner.token, 'engineer');
    const viewer = await addMember(stack, owner.token, 'viewer');
    const body = { matchers: 'service="api"', ends_at: inHours(1), comment: 'deploy' };
    const made = (await create(engineer.token, body).expect(201)).body.data;
    expect(made.created_by).toBe(engineer.user.id);

    const refused = await create(viewer.token, body).expect(403);
    expect(refused.body.code).toBe('INSUFFICIENT_PERMISSIONS');
    await stack.http.patch(`/api/v1/silences/${made.id}`).set(bearer(viewer.token)).send({ comment: 'no' }).expect(403);
    await stack.http.delete(`/api/v1/silences/${made.id}`).set(bearer(viewer.token)).expect(403);
    await stack.http.get(`/api/v1/silences/${made.id}`).set(bearer(viewer.token)).expect(200);
    await stack.http.post('/api/v1/silences/preview').set(bearer(viewer.token)).send({ matchers: 'service="api"' }).expect(200);
    expect((await stack.http.get(`/api/v1/silences/${made.id}`).set(bearer(viewer.token))).body.data.status).toBe('active');

    await stack.http.delete(`/api/v1/silences/${made.id}`).set(bearer(engineer.token)).expect(200);
  });

  it('refuses a silence beyond 10,000 pending or active ones in an organization (409)', async () => {
    const crowded = await registerOwner(stack.http, 'crowded');
    await stack.orm.em
      .fork()
      .getConnection()
      .execute(
        `insert into silences (id, organization_id, matchers, starts_at, ends_at, comment, created_at, updated_at)
         select gen_random_uuid(), ?, '[{"name":"n","operator":"=","value":"v"}]', now(), now() + interval '1 hour', 'bulk', now(), now()
         from generate_series(1, 9999)`,
        [crowded.organization.id],
      );
    const body = { matchers: 'a="b"', ends_at: inHours(1), comment: 'one more' };
    await create(crowded.token, body).expect(201);
    const refused = await create(crowded.token, body).expect(409);
    expect(refused.body.code).toBe('CONFLICT');
  });

  it("never shows or changes another organization's silences", async () => {
    const other = await registerOwner(stack.http, 'other');
    const mine = (await create(owner.token, { matchers: 'team="core"', ends_at: inHours(1), comment: 'mine' }).expect(201)).body.data;
    for (const request of [
      stack.http.get(`/api/v1/silences/${mine.id}`),
      stack.http.patch(`/api/v1/silences/${mine.id}`).send({ comment: 'theirs now' }),
      stack.http.delete(`/api/v1/silences/${mine.id}`),
      stack.http.get(`/api/v1/silences/${mine.id}/alerts`),
    ]) {
      const response = await request.set(bearer(other.token));
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    }
    const theirs = await stack.http.get('/api/v1/silences').set(bearer(other.token)).expect(200);
    expect(theirs.body.data).toEqual([]);
    const still = await stack.http.get(`/api/v1/silences/${mine.id}`).set(bearer(owner.token)).expect(200);
    expect(still.body.data).toMatchObject({ comment: 'mine', status: 'active' });
    await stack.http.get(`/api/v1/silences/${randomUUID()}`).set(bearer(owner.token)).expect(404);
  });
});
