import { io as connect, type Socket } from 'socket.io-client';
import { waitFor } from '../../dev/wait-for.ts';
import type { RealtimeEnvelope } from '../../shared/domain/realtime.ts';
import { createApiKey } from '../helpers/api-keys.ts';
import { listen } from '../helpers/listening-stack.ts';
import { bearer } from '../helpers/members.ts';
import { startReceiver } from '../helpers/receiver.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

type Received = { event: string; message: RealtimeEnvelope };

describe('WebSocket channel (socket.io + real LISTEN/NOTIFY + outbox relay)', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof listen>>;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // Runbook http steps call a local receiver: private addresses allowed for this stack only.
    stack = await startTestStack({ worker: true, env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
    server = await listen(stack);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await server?.close();
    await stack?.stop();
  });

  /** Connects and records every event the server pushes. */
  async function client(options: { auth?: Record<string, string>; query?: Record<string, string> }) {
    const socket = connect(server.url, { path: '/api/v1/ws', transports: ['websocket'], reconnection: false, forceNew: true, ...options });
    sockets.push(socket);
    const received: Received[] = [];
    socket.onAny((event: string, message: RealtimeEnvelope) => received.push({ event, message }));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return { socket, received };
  }

  const createIncident = async (token: string, title: string) =>
    (await stack.http.post('/api/v1/incidents').set(bearer(token)).send({ title, severity: 'critical' }).expect(201)).body.data as {
      id: string;
    };

  it("a client of organization B never receives organization A's events, while A's client does", async () => {
    const a = await registerOwner(stack.http, 'rt-a');
    const b = await registerOwner(stack.http, 'rt-b');
    const key = await createApiKey(stack.http, b.token, { name: 'ws', permissions: ['incidents:read'] });
    const clientA = await client({ auth: { token: a.token } });
    const clientB = await client({ query: { token: key.api_key } });

    const incidentA = await createIncident(a.token, 'only for A');
    const seenByA = await waitFor(
      "A's incident.created",
      async () => clientA.received.find((entry) => entry.event === 'incident.created'),
      { timeoutMs: 30_000, intervalMs: 50 },
    );
    expect(seenByA.message).toMatchObject({
      type: 'incident.created',
      organization_id: a.organization.id,
      data: { incident: { id: incidentA.id, title: 'only for A' } },
    });
    expect(new Date(seenByA.message.timestamp).toISOString()).toBe(seenByA.message.timestamp);
    // A's owner is notified of the new critical incident on its user room.
    await waitFor("A's notification", async () => clientA.received.find((entry) => entry.event === 'notification.created'), {
      timeoutMs: 30_000,
      intervalMs: 50,
    });

    // B's own event arrives after A's was relayed, so B has been listening all along.
    const incidentB = await createIncident(b.token, 'only for B');
    await waitFor("B's incident.created", async () => clientB.received.find((entry) => entry.event === 'incident.created'), {
      timeoutMs: 30_000,
      intervalMs: 50,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(clientB.received.length).toBeGreaterThan(0);
    expect(clientB.received.every((entry) => entry.message.organization_id === b.organization.id)).toBe(true);
    expect(JSON.stringify(clientB.received)).not.toContain(incidentA.id);
    expect(clientA.received.every((entry) => entry.message.organization_id === a.organization.id)).toBe(true);
    expect(JSON.stringify(clientA.received)).not.toContain(incidentB.id);
    // An API key has no user room: no notifications for B's key.
    expect(clientB.received.some((entry) => entry.event === 'notification.created')).toBe(false);
  });

  it('subscribing to an incident of another organization is refused; an own one is accepted', async () => {
    const a = await registerOwner(stack.http, 'rt-sub-a');
    const b = await registerOwner(stack.http, 'rt-sub-b');
    const incidentA = await createIncident(a.token, 'private to A');
    const clientB = await client({ auth: { token: b.token } });
    const refused = await clientB.socket.emitWithAck('subscribe', { incident_id: incidentA.id });
    expect(refused).toEqual({ ok: false, error: 'Incident not found' });
    const clientA = await client({ auth: { token: `Bearer ${a.token}` } });
    const accepted = await clientA.socket.emitWithAck('subscribe', { incident_id: incidentA.id });
    expect(accepted).toEqual({ ok: true, room: `incident:${incidentA.id}` });
  });

  const recordEvent = (organizationId: string, type: string, data: Record<string, unknown>) =>
    stack.orm.em
      .fork()
      .execute(
        `insert into domain_events (id, organization_id, type, incident_id, data, created_at) values (gen_random_uuid(), ?, ?, null, ?::jsonb, now())`,
        [organizationId, type, JSON.stringify(data)],
      );

  it('pushes schedule.updated to the schedule organization only', async () => {
    const owner = await registerOwner(stack.http, 'rt-schedule');
    const stranger = await registerOwner(stack.http, 'rt-schedule-other');
    const watcher = await client({ auth: { token: owner.token } });
    const outsider = await client({ auth: { token: stranger.token } });
    const created = await stack.http
      .post('/api/v1/schedules')
      .set({ Authorization: `Bearer ${owner.token}` })
      .send({ name: 'Realtime', time_zone: 'UTC', layers: [{ users: [owner.user.id], rotation: 'daily', start: '2026-01-01T09:00:00Z' }] })
      .expect(201);
    const pushed = await waitFor('schedule.updated', async () => watcher.received.find((entry) => entry.event === 'schedule.updated'), {
      timeoutMs: 30_000,
      intervalMs: 50,
    });
    expect(pushed.message).toMatchObject({
      type: 'schedule.updated',
      organization_id: owner.organization.id,
      data: { schedule_id: created.body.data.id, reason: 'created' },
    });
    expect(outsider.received.some((entry) => entry.event === 'schedule.updated')).toBe(false);
  });

  it('pushes execution.updated events, and events too large for NOTIFY through their outbox row', async () => {
    const owner = await registerOwner(stack.http, 'rt-exec');
    const watcher = await client({ auth: { token: owner.token } });
    const executionId = '0198a3c0-0000-7000-8000-000000000001';
    await recordEvent(owner.organization.id, 'execution.updated', { execution: { id: executionId, status: 'running', steps: [] } });
    const big = 'x'.repeat(20_000);
    await recordEvent(owner.organization.id, 'execution.updated', {
      execution: { id: executionId, status: 'completed', steps: [], notes: big },
    });
    const updates = await waitFor(
      'two execution updates',
      async () => {
        const found = watcher.received.filter((entry) => entry.event === 'execution.updated');
        return found.length === 2 ? found : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 50 },
    );
    expect(updates.map((entry) => (entry.message.data.execution as { status: string }).status)).toEqual(['running', 'completed']);
    expect((updates[1]?.message.data.execution as { notes: string }).notes).toHaveLength(20_000);
    // incident.resolved is an outbox event for webhooks, not a WebSocket event name.
    await recordEvent(owner.organization.id, 'incident.resolved', { incident: { id: executionId } });
    await recordEvent(owner.organization.id, 'chat.message', { message: 'hello' });
    await waitFor('the chat message', async () => watcher.received.find((entry) => entry.event === 'chat.message'), {
      timeoutMs: 30_000,
      intervalMs: 50,
    });
    expect(watcher.received.some((entry) => entry.event === 'incident.resolved')).toBe(false);
  });

  it('a socket.io client watches every step change of a runbook run driven over HTTP', async () => {
    const owner = await registerOwner(stack.http, 'rt-runbook');
    const receiver = await startReceiver();
    try {
      const procedure = (
        await stack.http
          .post('/api/v1/procedures')
          .set(bearer(owner.token))
          .send({
            name: 'Restart the queue consumers',
            steps: [
              { name: 'Page the owner', type: 'manual' },
              { name: 'Let the queue drain', type: 'wait', config: { seconds: 1 } },
              { name: 'Restart', type: 'http', config: { url: `${receiver.url}/restart`, method: 'POST' } },
            ],
          })
          .expect(201)
      ).body.data as { id: string; steps: Array<{ id: string }> };
      const watcher = await client({ auth: { token: owner.token } });
      const execution = (await stack.http.post(`/api/v1/procedures/${procedure.id}/execute`).set(bearer(owner.token)).send({}).expect(201))
        .body.data as { id: string };
      const ack = await new Promise<{ ok: boolean }>((resolve) =>
        watcher.socket.emit('subscribe', { execution_id: execution.id }, resolve),
      );
      expect(ack.ok).toBe(true);

      type Seen = { status: string; steps: Array<{ status: string }> };
      const updates = () =>
        watcher.received
          .filter((entry) => entry.event === 'execution.updated')
          .map((entry) => entry.message.data.execution as Seen & { id: string })
          .filter((seen) => seen.id === execution.id);
      await waitFor(
        'the manual step to wait',
        async () => (updates().some((seen) => seen.steps[0]?.status === 'waiting') ? true : undefined),
        { timeoutMs: 30_000, intervalMs: 50 },
      );
      await stack.http
        .patch(`/api/v1/executions/${execution.id}`)
        .set(bearer(owner.token))
        .send({ step_id: procedure.steps[0]?.id, status: 'succeeded' })
        .expect(200);
      await waitFor('the run to complete', async () => (updates().some((seen) => seen.status === 'completed') ? true : undefined), {
        timeoutMs: 60_000,
        intervalMs: 50,
      });

      // Every step's progress reached the socket, in order.
      const trail = updates().map((seen) => `${seen.status}:${seen.steps.map((step) => step.status).join(',')}`);
      const index = (pattern: RegExp) => trail.findIndex((entry) => pattern.test(entry));
      const milestones = [
        /:waiting,pending,pending$/,
        /:succeeded,(running|waiting),pending$/,
        /:succeeded,succeeded,(running|pending)/,
        /^completed:succeeded,succeeded,succeeded$/,
      ];
      const positions = milestones.map(index);
      expect(positions.every((position) => position >= 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(receiver.requests.filter((request) => request.url === '/restart')).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('keeps delivering after its LISTEN connection is killed (reconnects)', async () => {
    const owner = await registerOwner(stack.http, 'rt-reconnect');
    const watcher = await client({ auth: { token: owner.token } });
    const killed = await stack.orm.em
      .fork()
      .execute<Array<{ ok: boolean }>>(
        `select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
      );
    expect(killed.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const incident = await createIncident(owner.token, 'after reconnect');
    // Events relayed while the listener was down are missed; keep raising until one arrives.
    await waitFor(
      'an event after the reconnect',
      async () => {
        const seen = watcher.received.find((entry) => entry.event === 'incident.created');
        if (!seen) await recordEvent(owner.organization.id, 'incident.created', { incident: { id: incident.id, title: 'again' } });
        return seen;
      },
      { timeoutMs: 30_000, intervalMs: 500 },
    );
  });

  it.each([
    ['no token', {}],
    ['a wrong token', { auth: { token: 'not-a-jwt' } }],
    ['an unknown API key', { query: { token: 'tocsin_ak_00000000000000000000000000000000' } }],
  ])('refuses a connection with %s', async (_label, options) => {
    await expect(client(options)).rejects.toMatchObject({ data: { code: expect.stringMatching(/INVALID_TOKEN|INVALID_API_KEY/) } });
  });

  it('refuses a key without incidents:read', async () => {
    const owner = await registerOwner(stack.http, 'rt-perm');
    const key = await createApiKey(stack.http, owner.token, { name: 'ingest only', permissions: ['alerts:ingest'] });
    await expect(client({ auth: { token: key.api_key } })).rejects.toMatchObject({
      data: { code: 'INSUFFICIENT_PERMISSIONS' },
    });
  });
});
