import { hashApiKey } from '../../shared/auth/api-keys.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { createApiKey } from '../helpers/api-keys.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

describe('API keys over HTTP (integration: real PostgreSQL)', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  const bearer = () => `Bearer ${owner.token}`;
  const createKey = (credential: { Authorization?: string; 'X-API-Key'?: string }, body: Record<string, unknown>) =>
    stack.http.post('/api/v1/api-keys').set(credential).send(body);

  beforeAll(async () => {
    stack = await startTestStack();
    owner = await registerOwner(stack.http, 'keys');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('creates a key shown once, usable with X-API-Key or Bearer, acting as its creator in their organization', async () => {
    const created = await createKey({ Authorization: bearer() }, { name: 'ci', permissions: ['incidents:read', 'api_keys:read'] }).expect(
      201,
    );
    const key = created.body.data;
    expect(key.api_key).toMatch(/^tocsin_ak_[0-9A-Za-z]{32}$/);
    expect(key).toMatchObject({
      name: 'ci',
      permissions: ['incidents:read', 'api_keys:read'],
      prefix: key.api_key.slice(0, 14),
      last_used_at: null,
      expires_at: null,
    });
    expect(Object.keys(key).sort()).toEqual(['api_key', 'created_at', 'expires_at', 'id', 'last_used_at', 'name', 'permissions', 'prefix']);

    const viaHeader = await stack.http.get('/api/v1/auth/me').set('X-API-Key', key.api_key).expect(200);
    expect(viaHeader.body.data).toMatchObject({ id: owner.user.id, organization_id: owner.organization.id });
    await stack.http.get('/api/v1/auth/me').set('Authorization', `Bearer ${key.api_key}`).expect(200);
    const listed = await stack.http.get('/api/v1/api-keys').set('X-API-Key', key.api_key).expect(200);
    expect(listed.body.data.map((item: { id: string }) => item.id)).toContain(key.id);
  });

  it('answers unknown or malformed keys with 401 INVALID_API_KEY', async () => {
    for (const value of [`tocsin_ak_${'A'.repeat(32)}`, 'tocsin_ak_short', 'not-a-key']) {
      const response = await stack.http.get('/api/v1/auth/me').set('X-API-Key', value).expect(401);
      expect(response.body).toMatchObject({ code: 'INVALID_API_KEY', status_code: 401 });
    }
  });

  it('refuses a revoked key on the very next request; revoking twice is 404', async () => {
    const { body } = await createKey({ Authorization: bearer() }, { name: 'to-revoke', permissions: ['incidents:read'] }).expect(201);
    await stack.http.get('/api/v1/auth/me').set('X-API-Key', body.data.api_key).expect(200);
    const revoked = await stack.http.delete(`/api/v1/api-keys/${body.data.id}`).set('Authorization', bearer()).expect(204);
    expect(revoked.text).toBe('');
    const refused = await stack.http.get('/api/v1/auth/me').set('X-API-Key', body.data.api_key).expect(401);
    expect(refused.body.code).toBe('INVALID_API_KEY');
    await stack.http.delete(`/api/v1/api-keys/${body.data.id}`).set('Authorization', bearer()).expect(404);
    const list = await stack.http.get('/api/v1/api-keys').set('Authorization', bearer()).expect(200);
    expect(list.body.data.map((item: { id: string }) => item.id)).not.toContain(body.data.id);
  });

  it('refuses an expired key', async () => {
    const expiresAt = new Date(Date.now() + 1500).toISOString();
    const { body } = await createKey(
      { Authorization: bearer() },
      { name: 'short', permissions: ['incidents:read'], expires_at: expiresAt },
    ).expect(201);
    expect(body.data.expires_at).toBe(expiresAt);
    await stack.http.get('/api/v1/auth/me').set('X-API-Key', body.data.api_key).expect(200);
    const expired = await waitFor(
      'key expiry',
      async () => {
        const response = await stack.http.get('/api/v1/auth/me').set('X-API-Key', body.data.api_key);
        return response.status === 401 ? response : undefined;
      },
      { timeoutMs: 5_000, intervalMs: 100 },
    );
    expect(expired.body).toMatchObject({ code: 'INVALID_API_KEY', detail: 'API key has expired' });
    // A time already past is the caller's to choose: the key is refused from the start.
    const past = await createKey(
      { Authorization: bearer() },
      { name: 'past', permissions: ['incidents:read'], expires_at: '2020-01-01T00:00:00.000Z' },
    ).expect(201);
    const refused = await stack.http
      .get('/api/v1/incidents')
      .set('X-API-Key', past.body.data.api_key as string)
      .expect(401);
    expect(refused.body).toMatchObject({ code: 'INVALID_API_KEY', detail: 'API key has expired' });
  });

  it('gives a key with only incidents:read 403 INSUFFICIENT_PERMISSIONS on writes', async () => {
    const { body } = await createKey({ Authorization: bearer() }, { name: 'reader', permissions: ['incidents:read'] }).expect(201);
    const write = await createKey({ 'X-API-Key': body.data.api_key }, { name: 'child', permissions: ['incidents:read'] }).expect(403);
    expect(write.body).toMatchObject({ code: 'INSUFFICIENT_PERMISSIONS', status_code: 403 });
    const revoke = await stack.http.delete(`/api/v1/api-keys/${body.data.id}`).set('X-API-Key', body.data.api_key).expect(403);
    expect(revoke.body.code).toBe('INSUFFICIENT_PERMISSIONS');
    // Session-only actions refuse keys.
    await stack.http.post('/api/v1/auth/logout').set('X-API-Key', body.data.api_key).expect(403);
    await stack.http
      .post('/api/v1/auth/password/change')
      .set('X-API-Key', body.data.api_key)
      .send({ current_password: owner.password, new_password: 'something else entirely' })
      .expect(403);
  });

  it('validates permission strings (422) and never grants more than the creator holds (403)', async () => {
    const unknown = await createKey({ Authorization: bearer() }, { name: 'bad', permissions: ['incidents:fly', 'everything'] }).expect(422);
    expect(unknown.body.code).toBe('VALIDATION_ERROR');
    await createKey({ Authorization: bearer() }, { name: 'empty', permissions: [] }).expect(422);

    // A key that may create keys can pass on only what it holds itself.
    const parent = await createKey(
      { Authorization: bearer() },
      { name: 'parent', permissions: ['api_keys:create', 'incidents:read'] },
    ).expect(201);
    const tooMuch = await createKey(
      { 'X-API-Key': parent.body.data.api_key },
      { name: 'child', permissions: ['incidents:read', 'incidents:create'] },
    ).expect(403);
    expect(tooMuch.body).toMatchObject({ code: 'INSUFFICIENT_PERMISSIONS', ungrantable_permissions: ['incidents:create'] });
    await createKey({ 'X-API-Key': parent.body.data.api_key }, { name: 'wildcard', permissions: ['incidents:*'] }).expect(403);
    const child = await createKey({ 'X-API-Key': parent.body.data.api_key }, { name: 'child', permissions: ['incidents:read'] }).expect(
      201,
    );
    expect(child.body.data.permissions).toEqual(['incidents:read']);
  });

  it("narrows a key to its creator's current role: a demoted creator's wildcard key loses what the role lost", async () => {
    const admin = await registerOwner(stack.http, 'demoted');
    const key = (await createApiKey(stack.http, admin.token, { name: 'all', permissions: ['*'] })).api_key;
    await createApiKey(stack.http, { 'X-API-Key': key }, { name: 'while-owner', permissions: ['incidents:read'] });
    await stack.http.get('/api/v1/admin/stats').set('X-API-Key', key).expect(200);
    // Changed behind the API's back: the change reaches its credential cache by the trigger's NOTIFY.
    await stack.orm.em.fork().execute(`update users set role = 'viewer' where id = ?`, [admin.user.id]);
    await waitFor(
      'the demotion to reach the API',
      async () => ((await stack.http.get('/api/v1/admin/stats').set('X-API-Key', key)).status === 403 ? true : undefined),
      { timeoutMs: 5000, intervalMs: 20 },
    );
    const refused = await createKey({ 'X-API-Key': key }, { name: 'as-viewer', permissions: ['incidents:read'] }).expect(403);
    expect(refused.body.code).toBe('INSUFFICIENT_PERMISSIONS');
    // What a viewer may still do, the key may still do.
    await stack.http.get('/api/v1/api-keys').set('X-API-Key', key).expect(200);
  });

  it('lists keys paginated, without the key or its hash, and records last use at most once a minute', async () => {
    const org = await registerOwner(stack.http, 'listing');
    const auth = `Bearer ${org.token}`;
    const secrets: string[] = [];
    for (const name of ['one', 'two', 'three']) {
      secrets.push((await createApiKey(stack.http, org.token, { name, permissions: ['incidents:read'] })).api_key);
    }
    const page = await stack.http.get('/api/v1/api-keys?limit=2&offset=0').set('Authorization', auth).expect(200);
    expect(page.body.meta).toEqual({ total: 3, limit: 2, offset: 0 });
    const rest = await stack.http.get('/api/v1/api-keys?limit=2&offset=2').set('Authorization', auth).expect(200);
    expect(rest.body.meta).toEqual({ total: 3, limit: 2, offset: 2 });
    expect([...page.body.data, ...rest.body.data].map((item: { name: string }) => item.name).sort()).toEqual(['one', 'three', 'two']);
    for (const item of page.body.data) {
      expect(Object.keys(item).sort()).toEqual(['created_at', 'expires_at', 'id', 'last_used_at', 'name', 'permissions', 'prefix']);
    }
    const all = await stack.http.get('/api/v1/api-keys?limit=500').set('Authorization', auth).expect(200);
    expect(all.body.meta.limit).toBe(100);
    const text = JSON.stringify(all.body);
    for (const secret of secrets) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(hashApiKey(secret));
    }
    await stack.http.get('/api/v1/api-keys?limit=-1').set('Authorization', auth).expect(422);

    const one = secrets[0] as string;
    await stack.http.get('/api/v1/auth/me').set('X-API-Key', one).expect(200);
    const lastUsed = async () => {
      const list = await stack.http.get('/api/v1/api-keys').set('Authorization', auth).expect(200);
      return list.body.data.find((item: { name: string }) => item.name === 'one').last_used_at as string | null;
    };
    const first = await lastUsed();
    expect(first).not.toBeNull();
    expect(Date.now() - Date.parse(first as string)).toBeLessThan(60_000);
    await stack.http.get('/api/v1/auth/me').set('X-API-Key', one).expect(200);
    expect(await lastUsed()).toBe(first);
  });

  it('scopes keys to their organization: others neither list, revoke nor use them as theirs', async () => {
    const a = await registerOwner(stack.http, 'tenant-a');
    const b = await registerOwner(stack.http, 'tenant-b');
    const keyA = await createApiKey(stack.http, a.token, { name: 'a-key', permissions: ['api_keys:read', 'api_keys:delete'] });
    const keyB = await createApiKey(stack.http, b.token, { name: 'b-key', permissions: ['api_keys:read'] });

    const listB = await stack.http.get('/api/v1/api-keys').set('Authorization', `Bearer ${b.token}`).expect(200);
    expect(listB.body.data.map((item: { name: string }) => item.name)).toEqual(['b-key']);
    const listWithKeyA = await stack.http.get('/api/v1/api-keys').set('X-API-Key', keyA.api_key).expect(200);
    expect(listWithKeyA.body.data.map((item: { name: string }) => item.name)).toEqual(['a-key']);

    await stack.http.delete(`/api/v1/api-keys/${keyA.id}`).set('Authorization', `Bearer ${b.token}`).expect(404);
    await stack.http.delete(`/api/v1/api-keys/${keyB.id}`).set('X-API-Key', keyA.api_key).expect(404);
    await stack.http.get('/api/v1/auth/me').set('X-API-Key', keyA.api_key).expect(200);
    await stack.http.get('/api/v1/auth/me').set('X-API-Key', keyB.api_key).expect(200);
  });

  it('revokes the keys a key minted (and theirs) with it, and never lets them outlive its expiry', async () => {
    const parent = await createApiKey(stack.http, owner.token, {
      name: 'parent',
      permissions: ['api_keys:create', 'api_keys:delete', 'users:read'],
    });
    const child = await createApiKey(
      stack.http,
      { 'X-API-Key': parent.api_key },
      { name: 'child', permissions: ['api_keys:create', 'users:read'] },
    );
    const grandchild = await createApiKey(stack.http, { 'X-API-Key': child.api_key }, { name: 'grandchild', permissions: ['users:read'] });
    const sibling = await createApiKey(stack.http, owner.token, { name: 'sibling', permissions: ['users:read'] });
    for (const key of [child, grandchild]) await stack.http.get('/api/v1/users').set('X-API-Key', key.api_key).expect(200);

    await stack.http.delete(`/api/v1/api-keys/${parent.id}`).set('Authorization', bearer()).expect(204);
    for (const key of [parent, child, grandchild]) {
      expect((await stack.http.get('/api/v1/users').set('X-API-Key', key.api_key).expect(401)).body.code).toBe('INVALID_API_KEY');
    }
    const revoked = await stack.orm.em
      .fork()
      .execute<{ id: string }[]>('select id from api_keys where revoked_at is not null and id in (?, ?, ?, ?)', [
        parent.id,
        child.id,
        grandchild.id,
        sibling.id,
      ]);
    expect(revoked.map((row) => row.id).sort()).toEqual([parent.id, child.id, grandchild.id].sort());
    await stack.http.get('/api/v1/users').set('X-API-Key', sibling.api_key).expect(200);

    const expiring = await createApiKey(stack.http, owner.token, {
      name: 'expiring',
      permissions: ['api_keys:create', 'users:read'],
      expires_at: new Date(Date.now() + 3600_000).toISOString(),
    });
    const unbounded = await createKey(
      { 'X-API-Key': expiring.api_key },
      { name: 'asks for no expiry', permissions: ['users:read'] },
    ).expect(201);
    expect(unbounded.body.data.expires_at).toBe(expiring.expires_at);
    const later = await createKey(
      { 'X-API-Key': expiring.api_key },
      { name: 'asks for later', permissions: ['users:read'], expires_at: new Date(Date.now() + 7200_000).toISOString() },
    ).expect(201);
    expect(later.body.data.expires_at).toBe(expiring.expires_at);
  });

  it('describes the key routes in /openapi.json with their permissions', async () => {
    const { body } = await stack.http.get('/openapi.json').expect(200);
    expect(body.paths['/api/v1/api-keys'].post['x-required-permission']).toBe('api_keys:create');
    expect(body.paths['/api/v1/api-keys'].get['x-required-permission']).toBe('api_keys:read');
    expect(body.paths['/api/v1/api-keys/{id}'].delete['x-required-permission']).toBe('api_keys:delete');
    expect(Object.keys(body.paths['/api/v1/api-keys/{id}'].delete.responses)).toEqual(expect.arrayContaining(['204', '401', '403', '404']));
    for (const path of [
      'refresh',
      'logout',
      'logout-all',
      'password/reset',
      'password/reset/confirm',
      'password/change',
      'verify-email',
      'resend-verification',
    ]) {
      expect(body.paths[`/api/v1/auth/${path}`]?.post).toBeDefined();
    }
    expect(body.paths['/api/v1/auth/password/reset'].post.security).toEqual([]);
  });
});
