import type { RunningSynapse } from '../../dev/synapse.ts';
import { FEED_MARKER } from '../../shared/paging/channels/matrix/feed-messages.ts';
import { bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { eventually, matrixUser, startTestSynapse, type MatrixUser, type RoomEvent } from '../helpers/synapse.ts';
import { createIntegration, openAlertIncident } from '../helpers/webhooks.ts';

type Owner = Awaited<ReturnType<typeof registerOwner>>;
type Relation = { rel_type?: string; event_id?: string; 'm.in_reply_to'?: { event_id?: string } } | undefined;
const relatesTo = (event: RoomEvent) => event.content['m.relates_to'] as Relation;

/**
 * An organization feed in a Matrix room on a real Synapse: each incident of the integration gets
 * one thread (its root follows the incident's status), and its updates (acknowledged, chat
 * messages, resolved) are posted in that thread, in order, once. A command in the thread from an
 * account nobody linked changes nothing and is answered.
 */
describe('Matrix chat feed (integration: real Synapse, PostgreSQL, Temporal, worker)', () => {
  let synapse: RunningSynapse;
  let stack: TestStack;
  let bot: MatrixUser;
  let alice: MatrixUser;
  let owner: Owner;
  beforeAll(async () => {
    [synapse, stack] = await Promise.all([
      startTestSynapse(),
      // The homeserver listens on loopback: allowed as in development.
      startTestStack({ worker: true, env: { OUTBOUND_ALLOW_PRIVATE: 'true' } }),
    ]);
    bot = matrixUser(synapse, await synapse.register('tocsin-bot'));
    alice = matrixUser(synapse, await synapse.register('alice'));
    owner = await registerOwner(stack.http, 'matrix-feed');
  }, 10 * 60_000);
  afterAll(async () => {
    await stack?.stop();
    await synapse?.stop();
  });

  it('posts an integration’s incidents to its room, one thread per incident, each update once and in order', async () => {
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const roomId = await alice.createRoom({ name: 'incidents', invite: [bot.userId] });
    const feedBody = { kind: 'matrix', target: roomId, integration_id: integration.id };

    // No Matrix connection yet: nothing to post with.
    await stack.http.post('/api/v1/chat-feeds').set(bearer(owner.token)).send(feedBody).expect(409);
    await stack.http
      .put('/api/v1/channel-connections/matrix')
      .set(bearer(owner.token))
      .send({ homeserver_url: synapse.url, access_token: bot.accessToken })
      .expect(200);
    await stack.http
      .post('/api/v1/chat-feeds')
      .set(bearer(owner.token))
      .send({ ...feedBody, target: 'C0SLACK001' })
      .expect(422);
    const feed = await stack.http.post('/api/v1/chat-feeds').set(bearer(owner.token)).send(feedBody).expect(201);
    expect(feed.body.data).toMatchObject({ kind: 'matrix', target: roomId, integration_id: integration.id, routing_rule_id: null });

    const incident = await openAlertIncident(stack.http, owner.token, integration, 'matrix-feed');
    const roots = async () =>
      (await alice.events(roomId)).filter(
        (event) =>
          event.sender === bot.userId &&
          !relatesTo(event) &&
          (event.content[FEED_MARKER] as { incident_id?: string } | undefined)?.incident_id === incident.id,
      );
    const root = await eventually('the thread root posted', async () => (await roots())[0]);
    expect(String(root.content.body)).toContain(incident.title);
    expect(String(root.content.body)).toContain('Status: active');
    const threaded = async () =>
      (await alice.events(roomId))
        .filter(
          (event) =>
            event.sender === bot.userId && relatesTo(event)?.rel_type === 'm.thread' && relatesTo(event)?.event_id === root.event_id,
        )
        .map((event) => String(event.content.body));

    // Alice never linked her Matrix account: her "ack" in the thread changes nothing and is answered.
    const ask = await alice.inThread(roomId, root.event_id, 'ack');
    await eventually('the answer to alice', async () =>
      (await alice.events(roomId)).find(
        (event) =>
          event.sender === bot.userId &&
          relatesTo(event)?.['m.in_reply_to']?.event_id === ask &&
          String(event.content.body).includes('not linked'),
      ),
    );
    const status = async () =>
      (await stack.http.get(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).expect(200)).body.data.status as string;
    expect(await status()).toBe('active');

    await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).send({ status: 'investigating' }).expect(200);
    await stack.http
      .post(`/api/v1/incidents/${incident.id}/messages`)
      .set(bearer(owner.token))
      .send({ body: 'Rolled back <b>the deploy</b>' })
      .expect(201);
    await stack.http
      .post(`/api/v1/incidents/${incident.id}/status-updates`)
      .set(bearer(owner.token))
      .send({ kind: 'monitoring', body: 'The rollback is out; watching error rates', visibility: 'public' })
      .expect(201);
    await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).send({ status: 'resolved' }).expect(200);
    const thread = await eventually('the resolution in the thread', async () => {
      const bodies = await threaded();
      return bodies.some((body) => body.startsWith('Resolved')) ? bodies : undefined;
    });
    expect(thread.filter((body) => !body.startsWith('Escalation level'))).toEqual([
      'Acknowledged (investigating) (was active)',
      'Chat: Rolled back <b>the deploy</b>',
      'Monitoring (public update): The rollback is out; watching error rates',
      'Resolved (was investigating)',
    ]);
    // The root follows the incident (an edit), and says no more how to act on it.
    const shown = await eventually('the root redrawn', async () => {
      const content = await alice.shown(roomId, root.event_id);
      return String(content.body).includes('Status: resolved') ? content : undefined;
    });
    expect(String(shown.body)).not.toContain('React with');
    // One thread for the incident: no second root.
    expect(await roots()).toHaveLength(1);
  });
});
