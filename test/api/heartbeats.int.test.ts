import { setTimeout as delay } from 'node:timers/promises';
import { waitFor } from '../../dev/wait-for.ts';
import { escalationOf, PAGE_SUBJECT } from '../helpers/escalation.ts';
import { bearer } from '../helpers/members.ts';
import { mailsTo, waitForMail } from '../helpers/outbox.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration } from '../helpers/webhooks.ts';

interface HeartbeatBody {
  id: string;
  status: 'up' | 'down';
  lapse_count: number;
  last_ping_at: string | null;
  token?: string;
  ping_url?: string;
}
interface IncidentRow {
  id: string;
  status: string;
}

/**
 * Heartbeats end to end on the real stack: API → heartbeat workflow (a Temporal timer) → the
 * alert ingestion path → incident → escalation → page mail; pings over the public URL.
 */
describe('heartbeats (integration: real PostgreSQL and Temporal, worker)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  /** An organization whose metrics integration pages its owner (one level, no second page within a test). */
  async function pagedOrganization(label: string) {
    const owner = await registerOwner(stack.http, label);
    const policy = (
      await stack.http
        .post('/api/v1/escalation-policies')
        .set(bearer(owner.token))
        .send({ name: 'Owner', levels: [{ targets: [{ type: 'user', id: owner.user.id }], delay_minutes: 60 }] })
        .expect(201)
    ).body.data as { id: string };
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    await stack.http
      .patch(`/api/v1/integrations/${integration.id}`)
      .set(bearer(owner.token))
      .send({ escalation_policy_id: policy.id })
      .expect(200);
    return { owner, integration };
  }

  async function createHeartbeat(token: string, integrationId: string, over: Record<string, unknown> = {}) {
    const response = await stack.http
      .post('/api/v1/heartbeats')
      .set(bearer(token))
      .send({ name: 'nightly backup', integration_id: integrationId, period_seconds: 5, grace_seconds: 1, ...over })
      .expect(201);
    return response.body.data as HeartbeatBody & { token: string; ping_url: string };
  }

  const pingPath = (token: string) => `/api/v1/heartbeats/ping?token=${token}`;
  const heartbeatIncidents = (organizationId: string, heartbeatId: string) =>
    stack.sql<IncidentRow>(`select id, status from incidents where organization_id = ? and fingerprint = ? order by created_at`, [
      organizationId,
      `heartbeat-${heartbeatId}`,
    ]);

  it('lapses into exactly one incident and one page; the next ping resolves it', async () => {
    const { owner, integration } = await pagedOrganization('hb-lapse');
    const created = await createHeartbeat(owner.token, integration.id, { title: 'Backups stopped' });
    expect(created.ping_url).toBe(`${stack.config.publicUrl}/api/v1/heartbeats/ping?token=${created.token}`);
    // Only the hash is stored.
    const [stored] = await stack.sql<{ token_hash: string }>(`select token_hash from heartbeats where id = ?`, [created.id]);
    expect(stored?.token_hash).not.toContain(created.token);
    expect(
      JSON.stringify((await stack.http.get(`/api/v1/heartbeats/${created.id}`).set(bearer(owner.token)).expect(200)).body),
    ).not.toContain(created.token);

    // Never pinged: it lapses period + grace after creation.
    const [incident] = await waitFor(
      'the lapse opened an incident',
      async () => {
        const rows = await heartbeatIncidents(owner.organization.id, created.id);
        return rows.length > 0 ? rows : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    const page = await waitForMail(stack, owner.email, PAGE_SUBJECT);
    expect(page.subject).toBe('[CRITICAL] Page: Backups stopped');
    const down = (await stack.http.get(`/api/v1/heartbeats/${created.id}`).set(bearer(owner.token)).expect(200)).body.data as HeartbeatBody;
    expect(down).toMatchObject({ status: 'down', lapse_count: 1 });

    // Down: its workflow waits for a ping; nothing opens or pages again meanwhile (two more periods).
    await delay(12_000);
    expect(await heartbeatIncidents(owner.organization.id, created.id)).toEqual([incident]);
    expect(await mailsTo(stack, owner.email, PAGE_SUBJECT)).toHaveLength(1);
    expect((await escalationOf(stack.http, owner.token, (incident as IncidentRow).id)).pages).toHaveLength(1);

    await stack.http.get(pingPath(created.token)).expect(200, { data: { pinged: true }, meta: {} });
    await waitFor(
      'the ping resolved the incident',
      async () => {
        const rows = await heartbeatIncidents(owner.organization.id, created.id);
        return rows.length === 1 && rows[0]?.status === 'resolved' ? true : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 200 },
    );
    const up = (await stack.http.get(`/api/v1/heartbeats/${created.id}`).set(bearer(owner.token)).expect(200)).body.data as HeartbeatBody;
    expect(up).toMatchObject({ status: 'up', lapse_count: 1 });
    expect(await mailsTo(stack, owner.email, PAGE_SUBJECT)).toHaveLength(1);
  }, 90_000);

  it('pings before each deadline keep it up: no incident', async () => {
    const { owner, integration } = await pagedOrganization('hb-healthy');
    const created = await createHeartbeat(owner.token, integration.id);
    // POST pings too; three whole periods of pings every second.
    const until = Date.now() + 15_000;
    for (let i = 0; Date.now() < until; i += 1) {
      if (i % 2 === 0) await stack.http.get(pingPath(created.token)).expect(200);
      else await stack.http.post(pingPath(created.token)).send('').expect(200);
      await delay(1000);
    }
    const state = (await stack.http.get(`/api/v1/heartbeats/${created.id}`).set(bearer(owner.token)).expect(200)).body
      .data as HeartbeatBody;
    expect(state).toMatchObject({ status: 'up', lapse_count: 0 });
    // The last ping was sent about a second ago (the loop's pause), not at the start of the run.
    expect(Date.now() - Date.parse(state.last_ping_at as string)).toBeLessThan(5000);
    expect(await heartbeatIncidents(owner.organization.id, created.id)).toEqual([]);
    expect(await mailsTo(stack, owner.email, PAGE_SUBJECT)).toEqual([]);
  }, 60_000);

  it('an Alertmanager payload pings only with the watched alert firing', async () => {
    const { owner, integration } = await pagedOrganization('hb-watchdog');
    const created = await createHeartbeat(owner.token, integration.id, { period_seconds: 3600 });
    const alertmanager = (alertname: string, status: 'firing' | 'resolved') => ({
      version: '4',
      status,
      receiver: 'tocsin-heartbeat',
      alerts: [{ status, labels: { alertname, severity: 'none' }, annotations: {}, startsAt: new Date().toISOString() }],
    });
    const lastPing = async () =>
      ((await stack.http.get(`/api/v1/heartbeats/${created.id}`).set(bearer(owner.token)).expect(200)).body.data as HeartbeatBody)
        .last_ping_at;

    await stack.http
      .post(pingPath(created.token))
      .send(alertmanager('DiskFull', 'firing'))
      .expect(200, { data: { pinged: false }, meta: {} });
    await stack.http
      .post(pingPath(created.token))
      .send(alertmanager('Watchdog', 'resolved'))
      .expect(200, { data: { pinged: false }, meta: {} });
    expect(await lastPing()).toBeNull();
    await stack.http
      .post(pingPath(created.token))
      .send(alertmanager('Watchdog', 'firing'))
      .expect(200, { data: { pinged: true }, meta: {} });
    expect(await lastPing()).not.toBeNull();
  });

  it('another organization can neither see, change, delete nor route through it; a rotated or unknown token is 404', async () => {
    const { owner, integration } = await pagedOrganization('hb-owner');
    const other = await registerOwner(stack.http, 'hb-other');
    const created = await createHeartbeat(owner.token, integration.id, { period_seconds: 3600 });

    expect((await stack.http.get('/api/v1/heartbeats').set(bearer(other.token)).expect(200)).body.data).toEqual([]);
    await stack.http.get(`/api/v1/heartbeats/${created.id}`).set(bearer(other.token)).expect(404);
    await stack.http.patch(`/api/v1/heartbeats/${created.id}`).set(bearer(other.token)).send({ name: 'mine' }).expect(404);
    await stack.http.post(`/api/v1/heartbeats/${created.id}/rotate-token`).set(bearer(other.token)).expect(404);
    await stack.http.delete(`/api/v1/heartbeats/${created.id}`).set(bearer(other.token)).expect(404);
    const refused = await stack.http
      .post('/api/v1/heartbeats')
      .set(bearer(other.token))
      .send({ name: 'borrowed', integration_id: integration.id, period_seconds: 60 })
      .expect(422);
    expect(refused.body.code).toBe('VALIDATION_ERROR');
    const [row] = await stack.sql<{ name: string }>(`select name from heartbeats where id = ?`, [created.id]);
    expect(row?.name).toBe('nightly backup');

    const rotated = (await stack.http.post(`/api/v1/heartbeats/${created.id}/rotate-token`).set(bearer(owner.token)).expect(200)).body
      .data as HeartbeatBody & { token: string };
    expect(rotated.token).not.toBe(created.token);
    await stack.http.get(pingPath(created.token)).expect(404);
    await stack.http.get(pingPath('not-a-token')).expect(404);
    await stack.http.get(pingPath(rotated.token)).expect(200);

    await stack.http.delete(`/api/v1/heartbeats/${created.id}`).set(bearer(owner.token)).expect(204);
    await stack.http.get(pingPath(rotated.token)).expect(404);
  });
});
