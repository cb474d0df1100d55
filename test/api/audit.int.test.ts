import { randomUUID } from 'node:crypto';
import { createApiKey } from '../helpers/api-keys.ts';
import { addMember, bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

interface AuditItem {
  id: string;
  event_type: string;
  action: string;
  method: string;
  path: string;
  target_type: string | null;
  target_id: string | null;
  actor: {
    type: string;
    user_id: string | null;
    api_key_id: string | null;
    email?: string | null;
    name?: string | null;
    api_key_name?: string | null;
  };
  ip: string | null;
  request_id: string;
  status_code: number;
  created_at: string;
}

describe('audit log over HTTP (integration: real PostgreSQL)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const audit = async (token: string, query: Record<string, string> = {}, path = '/api/v1/audit') => {
    const response = await stack.http
      .get(path)
      .query({ limit: '100', ...query })
      .set(bearer(token))
      .expect(200);
    return response.body as { data: AuditItem[]; meta: { total: number; limit: number; offset: number } };
  };

  it('records each successful mutation with actor, target, IP, request id and time, and nothing else', async () => {
    const before = Date.now();
    const owner = await registerOwner(stack.http, 'audited');
    const requestId = `audit-test-${randomUUID()}`;
    const invited = await stack.http
      .post('/api/v1/invitations')
      .set(bearer(owner.token))
      .set('X-Request-ID', requestId)
      .set('User-Agent', 'audit-test-agent/1.0')
      .send({ email: `audited-${randomUUID().slice(0, 8)}@example.test`, role: 'viewer' })
      .expect(201);
    // Reads, validation failures and refusals are not recorded.
    await stack.http.get('/api/v1/users').set(bearer(owner.token)).expect(200);
    await stack.http.post('/api/v1/invitations').set(bearer(owner.token)).send({ email: 'bad' }).expect(422);
    await stack.http.patch(`/api/v1/users/${owner.user.id}`).set(bearer(owner.token)).send({ role: 'viewer' }).expect(409);

    const { data, meta } = await audit(owner.token);
    expect(data.map((item) => item.action)).toEqual(['createInvitation', 'login', 'register']);
    expect(meta).toEqual({ total: 3, limit: 100, offset: 0 });
    const [created, login, register] = data;
    expect(created).toEqual({
      id: expect.any(String),
      event_type: 'invitations.create',
      action: 'createInvitation',
      method: 'POST',
      path: '/invitations',
      target_type: 'invitations',
      target_id: invited.body.data.id,
      actor: { type: 'user', user_id: owner.user.id, api_key_id: null },
      ip: expect.stringMatching(/127\.0\.0\.1$/),
      request_id: requestId,
      status_code: 201,
      created_at: expect.any(String),
    });
    expect(Date.parse(created.created_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(login).toMatchObject({
      event_type: 'auth.login',
      actor: { user_id: owner.user.id },
      target_id: owner.user.id,
      status_code: 200,
    });
    expect(register).toMatchObject({ event_type: 'auth.register', actor: { user_id: owner.user.id }, status_code: 201 });

    const [row] = await stack.orm.em
      .fork()
      .execute<Record<string, unknown>[]>('select * from audit_events where request_id = ?', [requestId]);
    expect(row).toMatchObject({
      organization_id: owner.organization.id,
      actor_user_id: owner.user.id,
      user_agent: 'audit-test-agent/1.0',
      method: 'POST',
    });
  });

  it('records API-key actors and shows actor details on /admin/audit only', async () => {
    const owner = await registerOwner(stack.http, 'key-actor');
    const key = await createApiKey(stack.http, owner.token, { name: 'automation', permissions: ['users:*', 'users:read'] });
    const email = `by-key-${randomUUID().slice(0, 8)}@example.test`;
    await stack.http.post('/api/v1/invitations').set('X-API-Key', key.api_key).send({ email, role: 'engineer' }).expect(201);

    const [plain] = (await audit(owner.token, { action: 'createInvitation' })).data;
    expect(plain.actor).toEqual({ type: 'api_key', user_id: owner.user.id, api_key_id: key.id });
    const [detailed] = (await audit(owner.token, { action: 'createInvitation' }, '/api/v1/admin/audit')).data;
    expect(detailed.actor).toEqual({
      type: 'api_key',
      user_id: owner.user.id,
      api_key_id: key.id,
      email: owner.email,
      name: expect.stringMatching(/^Owner /),
      api_key_name: 'automation',
    });
    expect(detailed).toHaveProperty('user_agent');
    expect((await audit(owner.token, { actor_id: key.id })).data.map((item) => item.action)).toEqual(['createInvitation']);
  });

  it('filters by event type, action and date range', async () => {
    const owner = await registerOwner(stack.http, 'filters');
    const engineer = await addMember(stack, owner.token, 'engineer');
    await stack.http.patch(`/api/v1/users/${engineer.user.id}`).set(bearer(owner.token)).send({ name: 'Renamed' }).expect(200);
    await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ retention_days: 10 }).expect(200);

    const types = async (query: Record<string, string>) => (await audit(owner.token, query)).data.map((item) => item.event_type);
    expect(await types({ event_type: 'users.update' })).toEqual(['users.update']);
    expect(await types({ event_type: 'settings' })).toEqual(['settings.update']);
    expect((await types({ event_type: 'invitations' })).sort()).toEqual(['invitations.accept', 'invitations.create']);
    expect(await types({ event_type: 'invitations.accept' })).toEqual(['invitations.accept']);
    expect(await types({ action: 'updateUser' })).toEqual(['users.update']);
    expect(await types({ event_type: 'incidents' })).toEqual([]);

    // The invitation was accepted by the new member, in the owner's organization.
    const [accepted] = (await audit(owner.token, { event_type: 'invitations.accept' })).data;
    expect(accepted.actor.user_id).toBe(engineer.user.id);

    const all = (await audit(owner.token)).data;
    const future = new Date(Date.now() + 3600_000).toISOString();
    const past = new Date(Date.now() - 3600_000).toISOString();
    expect(await types({ from: future })).toEqual([]);
    expect(await types({ to: past })).toEqual([]);
    expect((await audit(owner.token, { from: past, to: future })).data).toHaveLength(all.length);
    const oldest = all[all.length - 1];
    expect((await audit(owner.token, { to: oldest.created_at })).data.map((item) => item.id)).toEqual([oldest.id]);

    const page = await audit(owner.token, { limit: '2', offset: '1' });
    expect(page.meta).toEqual({ total: all.length, limit: 2, offset: 1 });
    expect(page.data.map((item) => item.id)).toEqual(all.slice(1, 3).map((item) => item.id));

    const invalid = await stack.http
      .get('/api/v1/audit')
      .query({ from: 'yesterday', event_type: 'DROP TABLE', to: past })
      .set(bearer(owner.token))
      .expect(422);
    expect(invalid.body.errors.map((error: { path: string }) => error.path).sort()).toEqual(['query.event_type', 'query.from']);
    const reversed = await stack.http.get('/api/v1/audit').query({ from: future, to: past }).set(bearer(owner.token)).expect(200);
    expect(reversed.body).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('lets engineers read /audit, but only owners and admins the /admin endpoints', async () => {
    const owner = await registerOwner(stack.http, 'admin-endpoints');
    const admin = await addMember(stack, owner.token, 'admin');
    const engineer = await addMember(stack, owner.token, 'engineer');
    const viewer = await addMember(stack, owner.token, 'viewer');
    await stack.http.get('/api/v1/audit').set(bearer(engineer.token)).expect(200);
    await stack.http.get('/api/v1/audit').set(bearer(viewer.token)).expect(403);
    await stack.http.get('/api/v1/admin/audit').set(bearer(engineer.token)).expect(403);
    await stack.http.get('/api/v1/admin/stats').set(bearer(engineer.token)).expect(403);
    await stack.http.get('/api/v1/admin/audit').set(bearer(admin.token)).expect(200);

    await stack.http
      .post('/api/v1/invitations')
      .set(bearer(owner.token))
      .send({ email: `pending-${randomUUID().slice(0, 8)}@example.test`, role: 'viewer' })
      .expect(201);
    const stats = await stack.http.get('/api/v1/admin/stats').set(bearer(admin.token)).expect(200);
    expect(stats.body.data).toMatchObject({
      organization: { id: owner.organization.id, plan: 'free' },
      users: { total: 4, by_role: { owner: 1, admin: 1, engineer: 1, viewer: 1 } },
      invitations: { pending: 1 },
      api_keys: { active: 0 },
      integrations: { total: 0, enabled: 0 },
      incidents: { total: 0, open: 0 },
      rate_limits: { plan: 'free', per_hour: { interactive: 1000, api_key: 5000, webhook: 10000, search: 500 } },
    });
    // register + login, then per member: invitation, acceptance, login; then the last invitation.
    expect(stats.body.data.audit_events).toEqual({ total: 2 + 3 * 3 + 1, last_24h: 2 + 3 * 3 + 1 });
  });
});
