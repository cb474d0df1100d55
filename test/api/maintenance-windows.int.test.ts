import { randomUUID } from 'node:crypto';
import { waitFor } from '../../dev/wait-for.ts';
import { addMember, bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { alertmanagerBody, createIntegration, postSigned } from '../helpers/webhooks.ts';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe('maintenance windows (integration: HTTP + real Temporal + worker + PostgreSQL)', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
    owner = await registerOwner(stack.http, 'windows');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const create = (token: string, body: Record<string, unknown>) =>
    stack.http.post('/api/v1/maintenance-windows').set(bearer(token)).send(body);

  it('creates, reads, lists, changes and removes a window', async () => {
    const integration = await createIntegration(stack.http, owner.token, 'apm');
    const created = await create(owner.token, {
      description: 'Saturday database maintenance',
      integration_ids: [integration.id],
      starts_at: '2027-01-02T23:00:00+01:00',
      ends_at: '2027-01-03T01:00:00+01:00',
      rrule: 'FREQ=WEEKLY;BYDAY=SA',
      time_zone: 'Europe/Paris',
    }).expect(201);
    const window = created.body.data;
    expect(window).toMatchObject({
      description: 'Saturday database maintenance',
      integration_ids: [integration.id],
      starts_at: '2027-01-02T22:00:00.000Z',
      rrule: 'FREQ=WEEKLY;BYDAY=SA',
      time_zone: 'Europe/Paris',
      in_effect: false,
      created_by: owner.user.id,
    });
    // Without a zone: the organization's.
    const utc = (await create(owner.token, { description: 'x', starts_at: inHours(1), ends_at: inHours(2) }).expect(201)).body.data;
    expect(utc).toMatchObject({ time_zone: 'UTC', integration_ids: [], rrule: null });

    await stack.http.get(`/api/v1/maintenance-windows/${window.id}`).set(bearer(owner.token)).expect(200);
    expect((await stack.http.get('/api/v1/maintenance-windows').set(bearer(owner.token)).expect(200)).body.meta.total).toBe(2);
    const patched = await stack.http
      .patch(`/api/v1/maintenance-windows/${window.id}`)
      .set(bearer(owner.token))
      .send({ rrule: null, integration_ids: [] })
      .expect(200);
    expect(patched.body.data).toMatchObject({ rrule: null, integration_ids: [] });
    await stack.http.delete(`/api/v1/maintenance-windows/${window.id}`).set(bearer(owner.token)).expect(204);
    await stack.http.get(`/api/v1/maintenance-windows/${window.id}`).set(bearer(owner.token)).expect(404);
  });

  it.each([
    ['an end before the start', { starts_at: inHours(2), ends_at: inHours(1) }, 'body.ends_at'],
    ['a sub-hourly rule', { starts_at: inHours(1), ends_at: inHours(2), rrule: 'FREQ=MINUTELY' }, 'body.rrule'],
    [
      'a rule with its own DTSTART',
      { starts_at: inHours(1), ends_at: inHours(2), rrule: 'DTSTART:20270101T000000Z\nRRULE:FREQ=DAILY' },
      'body.rrule',
    ],
    ['an unknown zone', { starts_at: inHours(1), ends_at: inHours(2), time_zone: 'Mars/Olympus' }, 'body.time_zone'],
    [
      'an integration of nobody here',
      { starts_at: inHours(1), ends_at: inHours(2), integration_ids: [randomUUID()] },
      'body.integration_ids.0',
    ],
    ['a recurring occurrence over 31 days', { starts_at: inHours(1), ends_at: inHours(24 * 40), rrule: 'FREQ=YEARLY' }, 'body.ends_at'],
  ])('refuses %s with 422', async (_what, body, path) => {
    const response = await create(owner.token, { description: 'bad', ...body }).expect(422);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
  });

  it('is read by everyone, written by engineers, and stays in its organization', async () => {
    const viewer = await addMember(stack, owner.token, 'viewer');
    const engineer = await addMember(stack, owner.token, 'engineer');
    const body = { description: 'deploy', starts_at: inHours(1), ends_at: inHours(2) };
    await create(viewer.token, body).expect(403);
    const made = (await create(engineer.token, body).expect(201)).body.data;
    await stack.http.get(`/api/v1/maintenance-windows/${made.id}`).set(bearer(viewer.token)).expect(200);
    await stack.http.delete(`/api/v1/maintenance-windows/${made.id}`).set(bearer(viewer.token)).expect(403);

    const other = await registerOwner(stack.http, 'other');
    await stack.http.get(`/api/v1/maintenance-windows/${made.id}`).set(bearer(other.token)).expect(404);
    await stack.http.patch(`/api/v1/maintenance-windows/${made.id}`).set(bearer(other.token)).send({ description: 'mine' }).expect(404);
    await stack.http.delete(`/api/v1/maintenance-windows/${made.id}`).set(bearer(other.token)).expect(404);
    // Another organization's integration cannot be named either.
    const theirs = await createIntegration(stack.http, other.token, 'apm');
    await create(owner.token, { ...body, integration_ids: [theirs.id] }).expect(422);
  });

  it("mutes the alerts of its integrations while in effect, and nobody else's", async () => {
    const org = await registerOwner(stack.http, 'effect');
    const quiet = await createIntegration(stack.http, org.token, 'metrics_alerts');
    const loud = await createIntegration(stack.http, org.token, 'metrics_alerts');
    const window = (
      await create(org.token, {
        description: 'quiet integration under maintenance',
        integration_ids: [quiet.id],
        starts_at: inHours(-1),
        ends_at: inHours(1),
      }).expect(201)
    ).body.data;
    expect(window.in_effect).toBe(true);
    for (const integration of [quiet, loud]) {
      const response = await postSigned(
        stack.http,
        'metrics_alerts',
        integration,
        alertmanagerBody(`mw-${randomUUID().slice(0, 8)}`, 'firing'),
      );
      expect(response.status).toBe(200);
    }
    const alerts = await waitFor(
      'both alerts stored',
      async () => {
        const rows = await stack.sql<{
          integration_id: string;
          incident_id: string | null;
          silenced_by: string | null;
          silenced_kind: string | null;
        }>('select integration_id, incident_id, silenced_by, silenced_kind from alerts where organization_id = ?', [org.organization.id]);
        return rows.length === 2 ? rows : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    const byIntegration = new Map(alerts.map((alert) => [alert.integration_id, alert]));
    expect(byIntegration.get(quiet.id)).toMatchObject({ incident_id: null, silenced_by: window.id, silenced_kind: 'maintenance_window' });
    expect(byIntegration.get(loud.id)).toMatchObject({ silenced_by: null, silenced_kind: null });
    expect(byIntegration.get(loud.id)?.incident_id).not.toBeNull();
  });
});
