import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { createApiKey } from '../helpers/api-keys.ts';
import { addMember, bearer, type Member } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

type Owner = Awaited<ReturnType<typeof registerOwner>>;
type Credential = Record<string, string>;

/** Tags whose every route this walk must cover, plus the profile route. */
const COVERED_TAGS = new Set(['users', 'invitations', 'organizations', 'settings', 'audit', 'api-keys']);
const COVERED_ADMIN_PATHS = new Set(['/api/v1/admin/audit', '/api/v1/admin/stats']);

/**
 * Organization A holds data; organization B, with full permissions, walks every route of the
 * users, invitations, organizations, settings, audit, admin and API-key endpoints aiming at A's
 * ids. It must see 404 or only its own data, and A's data must come out unchanged.
 */
describe('tenant isolation: a second organization walks every route (integration: real PostgreSQL)', () => {
  let stack: TestStack;
  let victim: Owner;
  let victimMember: Member;
  let victimInvitation: { id: string; email: string };
  let victimKey: { id: string; api_key: string };
  let attacker: Owner;
  let attackerKey: string;
  let victimIds: Set<string>;

  const sql = <T>(query: string, params: unknown[] = []) => stack.orm.em.fork().execute<T[]>(query, params);
  const ids = (response: Response) => (response.body.data as { id: string }[]).map((item) => item.id);
  const expectNotFound = (response: Response) => expect([response.status, response.body.code]).toEqual([404, 'NOT_FOUND']);
  const expectNoVictimIds = (response: Response) => {
    expect(response.status).toBe(200);
    for (const id of ids(response)) expect(victimIds.has(id)).toBe(false);
    expect(JSON.stringify(response.body)).not.toContain(victim.organization.id);
  };
  const organizationOf = async (table: string, id: string) =>
    (await sql<{ organization_id: string }>(`select organization_id from ${table} where id = ?`, [id]))[0]?.organization_id;

  beforeAll(async () => {
    stack = await startTestStack();
    victim = await registerOwner(stack.http, 'victim');
    victimMember = await addMember(stack, victim.token, 'engineer', 'victim-engineer');
    const email = `victim-pending-${randomUUID().slice(0, 8)}@example.test`;
    const invited = await stack.http.post('/api/v1/invitations').set(bearer(victim.token)).send({ email, role: 'viewer' }).expect(201);
    victimInvitation = { id: invited.body.data.id, email };
    victimKey = await createApiKey(stack.http, victim.token, { name: 'victim key', permissions: ['users:read'] });
    await stack.http.patch('/api/v1/organizations').set(bearer(victim.token)).send({ name: 'Victim Org' }).expect(200);
    await stack.http
      .patch('/api/v1/organization-settings')
      .set(bearer(victim.token))
      .send({ retention_days: 42, timezone: 'Asia/Tokyo' })
      .expect(200);
    const auditIds = (await stack.http.get('/api/v1/audit?limit=100').set(bearer(victim.token)).expect(200)).body.data.map(
      (event: { id: string }) => event.id,
    );
    victimIds = new Set([victim.user.id, victimMember.user.id, victimInvitation.id, victimKey.id, victim.organization.id, ...auditIds]);

    attacker = await registerOwner(stack.http, 'attacker');
    attackerKey = (await createApiKey(stack.http, attacker.token, { name: 'everything', permissions: ['*'] })).api_key;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const walk: Record<string, (credential: Credential) => Promise<void>> = {
    me: async (credential) => {
      const response = await stack.http.get('/api/v1/auth/me').set(credential).expect(200);
      expect(response.body.data).toMatchObject({ id: attacker.user.id, organization_id: attacker.organization.id });
    },
    listUsers: async (credential) => {
      const response = await stack.http.get('/api/v1/users?limit=100').set(credential);
      expectNoVictimIds(response);
      expect(ids(response)).toEqual([attacker.user.id]);
      expect((await stack.http.get('/api/v1/users').query({ search: 'victim' }).set(credential).expect(200)).body.data).toEqual([]);
    },
    getUser: async (credential) => {
      expectNotFound(await stack.http.get(`/api/v1/users/${victim.user.id}`).set(credential));
      expectNotFound(await stack.http.get(`/api/v1/users/${victimMember.user.id}`).set(credential));
    },
    updateUser: async (credential) => {
      expectNotFound(
        await stack.http.patch(`/api/v1/users/${victimMember.user.id}`).set(credential).send({ name: 'Pwned', role: 'viewer' }),
      );
      expectNotFound(await stack.http.patch(`/api/v1/users/${victim.user.id}`).set(credential).send({ role: 'viewer' }));
    },
    removeUser: async (credential) => {
      expectNotFound(await stack.http.delete(`/api/v1/users/${victimMember.user.id}`).set(credential));
    },
    createInvitation: async (credential) => {
      // The same address as A's pending invitation: B's must not replace (revoke) A's.
      const response = await stack.http
        .post('/api/v1/invitations')
        .set(credential)
        .send({ email: victimInvitation.email, role: 'viewer' })
        .expect(201);
      expect(await organizationOf('invitations', response.body.data.id)).toBe(attacker.organization.id);
    },
    listInvitations: async (credential) => {
      expectNoVictimIds(await stack.http.get('/api/v1/invitations?limit=100').set(credential));
    },
    revokeInvitation: async (credential) => {
      expectNotFound(await stack.http.delete(`/api/v1/invitations/${victimInvitation.id}`).set(credential));
    },
    acceptInvitation: async (credential) => {
      // Public: the token alone names the organization, and B holds none of A's tokens.
      const response = await stack.http
        .post('/api/v1/invitations/accept')
        .set(credential)
        .send({ token: victimInvitation.id, name: 'X', password: 'long enough' });
      // An unknown invitation token is a bad credential (401 INVALID_TOKEN), whoever sends it.
      expect(response.status).toBe(401);
    },
    getOrganization: async (credential) => {
      const response = await stack.http.get('/api/v1/organizations').set(credential).expect(200);
      expect(response.body.data.id).toBe(attacker.organization.id);
    },
    updateOrganization: async (credential) => {
      const response = await stack.http.patch('/api/v1/organizations').set(credential).send({ name: 'Attacker Org' }).expect(200);
      expect(response.body.data.id).toBe(attacker.organization.id);
    },
    getOrganizationSettings: async (credential) => {
      const response = await stack.http.get('/api/v1/organization-settings').set(credential).expect(200);
      expect(response.body.data).toMatchObject({ retention_days: 365, timezone: 'UTC' });
    },
    updateOrganizationSettings: async (credential) => {
      const response = await stack.http
        .patch('/api/v1/organization-settings')
        .set(credential)
        .send({ notifications: { email: false } })
        .expect(200);
      expect(response.body.data.retention_days).toBe(365);
    },
    listAuditEvents: async (credential) => {
      const response = await stack.http.get('/api/v1/audit?limit=100').set(credential);
      expectNoVictimIds(response);
      for (const event of response.body.data) expect(await organizationOf('audit_events', event.id)).toBe(attacker.organization.id);
      expect(response.body.data.length).toBeGreaterThan(0);
    },
    listAdminAuditEvents: async (credential) => {
      const response = await stack.http.get('/api/v1/admin/audit?limit=100').set(credential);
      expectNoVictimIds(response);
      expect(JSON.stringify(response.body)).not.toContain(victim.email);
      expect(JSON.stringify(response.body)).not.toContain(victimMember.email);
    },
    getAdminStats: async (credential) => {
      const response = await stack.http.get('/api/v1/admin/stats').set(credential).expect(200);
      expect(response.body.data.organization.id).toBe(attacker.organization.id);
      expect(response.body.data.users).toMatchObject({ total: 1, by_role: { owner: 1, admin: 0, engineer: 0, viewer: 0 } });
    },
    listApiKeys: async (credential) => {
      expectNoVictimIds(await stack.http.get('/api/v1/api-keys?limit=100').set(credential));
    },
    createApiKey: async (credential) => {
      const response = await createApiKey(stack.http, credential, { name: 'attacker key', permissions: ['users:read'] });
      expect(await organizationOf('api_keys', response.id)).toBe(attacker.organization.id);
    },
    revokeApiKey: async (credential) => {
      expectNotFound(await stack.http.delete(`/api/v1/api-keys/${victimKey.id}`).set(credential));
    },
  };

  it('covers every route of these endpoints in the OpenAPI description', async () => {
    const { body } = await stack.http.get('/openapi.json').expect(200);
    const operations: string[] = [];
    for (const [path, methods] of Object.entries(body.paths as Record<string, Record<string, { operationId: string; tags: string[] }>>)) {
      for (const operation of Object.values(methods)) {
        if (operation.tags.some((tag) => COVERED_TAGS.has(tag)) || COVERED_ADMIN_PATHS.has(path) || operation.operationId === 'me')
          operations.push(operation.operationId);
      }
    }
    expect(operations.sort()).toEqual(Object.keys(walk).sort());
  });

  describe.each([
    ['a JWT', () => bearer(attacker.token)],
    ['an API key', () => ({ 'X-API-Key': attackerKey })],
  ])('with %s of the second organization', (_label, credential) => {
    it.each(Object.keys(walk))('%s never reaches the first organization', async (operationId) => {
      await walk[operationId](credential());
    });
  });

  it("leaves the first organization's data exactly as it was", async () => {
    const users = await stack.http.get('/api/v1/users').set(bearer(victim.token)).expect(200);
    expect(users.body.data.map((user: { id: string; name: string; role: string }) => [user.id, user.role])).toEqual([
      [victim.user.id, 'owner'],
      [victimMember.user.id, 'engineer'],
    ]);
    expect(users.body.data[1].name).toBe('victim-engineer member');
    const invitations = await stack.http.get('/api/v1/invitations').set(bearer(victim.token)).expect(200);
    expect(ids(invitations)).toEqual([victimInvitation.id]);
    await stack.http.get('/api/v1/users').set('X-API-Key', victimKey.api_key).expect(200);
    const organization = await stack.http.get('/api/v1/organizations').set(bearer(victim.token)).expect(200);
    expect(organization.body.data.name).toBe('Victim Org');
    const settings = await stack.http.get('/api/v1/organization-settings').set(bearer(victim.token)).expect(200);
    expect(settings.body.data).toMatchObject({ retention_days: 42, timezone: 'Asia/Tokyo', notifications: { email: true } });
    // Nothing the second organization did appears in the first one's audit log.
    const events = await stack.http.get('/api/v1/audit?limit=100').set(bearer(victim.token)).expect(200);
    for (const event of events.body.data) expect([victim.user.id, victimMember.user.id]).toContain(event.actor.user_id);
  });
});
