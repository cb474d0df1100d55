import { createApiKey } from '../helpers/api-keys.ts';
import { addMember, bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { DEFAULT_SETTINGS } from '../helpers/organization-settings.ts';

describe('organizations and their settings over HTTP (integration: real PostgreSQL)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const storedSettings = async (organizationId: string) => {
    const [row] = await stack.orm.em
      .fork()
      .execute<{ settings: Record<string, unknown> }[]>('select settings from organizations where id = ?', [organizationId]);
    return row.settings;
  };

  it('reads and renames the current organization; only with organizations:update', async () => {
    const owner = await registerOwner(stack.http, 'org');
    const engineer = await addMember(stack, owner.token, 'engineer');
    const read = await stack.http.get('/api/v1/organizations').set(bearer(engineer.token)).expect(200);
    expect(read.body).toEqual({
      data: { id: owner.organization.id, name: expect.any(String), plan: 'free', created_at: expect.any(String) },
      meta: {},
    });
    await stack.http.patch('/api/v1/organizations').set(bearer(engineer.token)).send({ name: 'Engineers rule' }).expect(403);
    const renamed = await stack.http.patch('/api/v1/organizations').set(bearer(owner.token)).send({ name: '  Renamed Org  ' }).expect(200);
    expect(renamed.body.data).toMatchObject({ id: owner.organization.id, name: 'Renamed Org' });
    await stack.http
      .get('/api/v1/organizations')
      .set(bearer(engineer.token))
      .expect(200)
      .expect((response) => expect(response.body.data.name).toBe('Renamed Org'));
    const invalid = await stack.http
      .patch('/api/v1/organizations')
      .set(bearer(owner.token))
      .send({ name: '', plan: 'enterprise' })
      .expect(422);
    expect(invalid.body.errors.map((error: { path: string }) => error.path).sort()).toEqual(['body', 'body.name']);
  });

  it('returns every setting with its default before anything is saved', async () => {
    const owner = await registerOwner(stack.http, 'defaults');
    const viewer = await addMember(stack, owner.token, 'viewer');
    const settings = await stack.http.get('/api/v1/organization-settings').set(bearer(viewer.token)).expect(200);
    expect(settings.body).toEqual({ data: DEFAULT_SETTINGS, meta: {} });
  });

  it('merges a patch into the stored settings and keeps what it leaves out', async () => {
    const owner = await registerOwner(stack.http, 'merge');
    await stack.http
      .patch('/api/v1/organization-settings')
      .set(bearer(owner.token))
      .send({ timezone: 'Europe/Paris', notifications: { min_severity: 'critical' } })
      .expect(200);
    const second = await stack.http
      .patch('/api/v1/organization-settings')
      .set(bearer(owner.token))
      .send({ notifications: { email: false }, retention_days: 30 })
      .expect(200);
    const expected = {
      ...DEFAULT_SETTINGS,
      timezone: 'Europe/Paris',
      notifications: { email: false, min_severity: 'critical', notify_on_resolve: true },
      retention_days: 30,
    };
    expect(second.body.data).toEqual(expected);
    await stack.http
      .get('/api/v1/organization-settings')
      .set(bearer(owner.token))
      .expect(200)
      .expect((response) => expect(response.body.data).toEqual(expected));
    expect(await storedSettings(owner.organization.id)).toEqual(expected);
    await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ auto_resolve_after_hours: 24 }).expect(200);
    const cleared = await stack.http
      .patch('/api/v1/organization-settings')
      .set(bearer(owner.token))
      .send({ auto_resolve_after_hours: null })
      .expect(200);
    expect(cleared.body.data.auto_resolve_after_hours).toBeNull();
  });

  it.each(['Asia/Kolkata', 'Asia/Calcutta', 'US/Eastern'])('sets the zone %s and keeps it as given', async (zone) => {
    const owner = await registerOwner(stack.http, 'zone');
    const response = await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ timezone: zone }).expect(200);
    expect(response.body.data.timezone).toBe(zone);
    expect((await storedSettings(owner.organization.id)).timezone).toBe(zone);
  });

  it.each([
    [{ timezone: 'Mars/Olympus_Mons' }, ['body.timezone']],
    [{ timezone: '+01:00' }, ['body.timezone']],
    [{ retention_days: 0 }, ['body.retention_days']],
    [{ retention_days: 3651 }, ['body.retention_days']],
    [{ retention_days: '30' }, ['body.retention_days']],
    [{ notifications: { min_severity: 'urgent' } }, ['body.notifications.min_severity']],
    [{ notifications: { sms: true } }, ['body.notifications']],
    [{ default_incident_severity: 'sev1', timezone: 'Nowhere' }, ['body.default_incident_severity', 'body.timezone']],
    [{ colour: 'blue' }, ['body']],
  ])('answers 422 with field paths for %j and changes nothing', async (patch, paths) => {
    const owner = await registerOwner(stack.http, 'invalid');
    await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ retention_days: 90 }).expect(200);
    const response = await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send(patch).expect(422);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    expect(response.body.errors.map((error: { path: string }) => error.path).sort()).toEqual(paths);
    expect(await storedSettings(owner.organization.id)).toEqual({ ...DEFAULT_SETTINGS, retention_days: 90 });
  });

  it('needs settings:update to patch and settings:read to read', async () => {
    const owner = await registerOwner(stack.http, 'settings-perms');
    const engineer = await addMember(stack, owner.token, 'engineer');
    const admin = await addMember(stack, owner.token, 'admin');
    await stack.http.patch('/api/v1/organization-settings').set(bearer(engineer.token)).send({ retention_days: 7 }).expect(403);
    await stack.http.patch('/api/v1/organization-settings').set(bearer(admin.token)).send({ timezone: 'Europe/Paris' }).expect(200);
    await stack.http.get('/api/v1/organization-settings').expect(401);
  });

  it('lets only an owner lower retention_days: an admin or an API key with settings:update is refused, raising is open', async () => {
    const owner = await registerOwner(stack.http, 'retention-owner');
    const admin = await addMember(stack, owner.token, 'admin');
    // A key the owner made, holding settings:update: still not the owner's own decision.
    const key = (await createApiKey(stack.http, owner.token, { name: 'settings bot', permissions: ['settings:read', 'settings:update'] }))
      .api_key;
    for (const credential of [bearer(admin.token), { 'X-API-Key': key }]) {
      const refused = await stack.http.patch('/api/v1/organization-settings').set(credential).send({ retention_days: 1 }).expect(403);
      expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_PERMISSIONS', status_code: 403 });
      // Mixed into a patch with other fields, it is refused whole.
      await stack.http
        .patch('/api/v1/organization-settings')
        .set(credential)
        .send({ retention_days: 364, timezone: 'Asia/Tokyo' })
        .expect(403);
    }
    const unchanged = await storedSettings(owner.organization.id);
    expect([unchanged.retention_days ?? 365, unchanged.timezone ?? 'UTC']).toEqual([365, 'UTC']);
    // Raising, or sending the current value, is open to settings:update.
    await stack.http.patch('/api/v1/organization-settings').set(bearer(admin.token)).send({ retention_days: 400 }).expect(200);
    await stack.http.patch('/api/v1/organization-settings').set({ 'X-API-Key': key }).send({ retention_days: 400 }).expect(200);
    await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ retention_days: 30 }).expect(200);
    expect(await storedSettings(owner.organization.id)).toMatchObject({ retention_days: 30 });
  });

  it('reads a stored value that no longer validates as its default', async () => {
    const owner = await registerOwner(stack.http, 'legacy');
    await stack.orm.em
      .fork()
      .execute(`update organizations set settings = '{"retention_days": 99999, "timezone": "Asia/Tokyo", "old_flag": true}' where id = ?`, [
        owner.organization.id,
      ]);
    const settings = await stack.http.get('/api/v1/organization-settings').set(bearer(owner.token)).expect(200);
    expect(settings.body.data).toEqual({ ...DEFAULT_SETTINGS, timezone: 'Asia/Tokyo' });
  });
});
