import { waitFor } from '../../dev/wait-for.ts';
import { startFakeSlack, textOf, type FakeSlack } from '../helpers/fake-slack.ts';
import { bearer } from '../helpers/members.ts';
import { connectSlack } from '../helpers/slack-setup.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration, openAlertIncident } from '../helpers/webhooks.ts';

const FEED_CHANNEL = 'C0ORDER001';

/**
 * An incident's feed thread follows the outbox order across relay batches: an update whose post
 * Slack stalls and fails once is retried, and a later update (another batch, another workflow)
 * waits for it instead of overtaking it.
 */
describe('chat feed order across relay batches (integration: real PostgreSQL and Temporal, fake Slack Web API)', () => {
  let slack: FakeSlack;
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let integration: { id: string; secret: string };

  beforeAll(async () => {
    slack = await startFakeSlack({ users: ['U0ORDER001'], channels: [FEED_CHANNEL] });
    stack = await startTestStack({
      worker: true,
      env: { SLACK_API_URL: slack.apiUrl, SLACK_CLIENT_ID: slack.app.clientId, SLACK_CLIENT_SECRET: slack.app.clientSecret },
    });
    owner = await registerOwner(stack.http, 'feed-order');
    await connectSlack(stack, slack, owner.token);
    integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    await stack.http
      .post('/api/v1/chat-feeds')
      .set(bearer(owner.token))
      .send({ kind: 'slack', target: FEED_CHANNEL, integration_id: integration.id })
      .expect(201);
  });
  afterAll(async () => {
    await stack?.stop();
    await slack?.close();
  });

  it('posts an acknowledgement whose first post failed before the chat message that followed it', async () => {
    const incident = await openAlertIncident(stack.http, owner.token, integration, 'feed-order');
    const root = await waitFor(
      'the thread root posted',
      async () =>
        slack.channelMessages(FEED_CHANNEL).find((message) => !message.threadTs && textOf(message.versions[0]!).includes(incident.title)),
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    const isAcknowledgement = (call: { method: string; params: Record<string, string> }) =>
      call.method === 'chat.postMessage' && call.params.thread_ts === root.ts && (call.params.text ?? '').startsWith('Acknowledged');
    slack.stallNext(isAcknowledgement, { delayMs: 300 });

    await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).send({ status: 'investigating' }).expect(200);
    // Its first post reached Slack (and fails): the acknowledgement's relay batch has committed.
    await waitFor('the acknowledgement’s first post', async () => (slack.calls.some(isAcknowledgement) ? true : undefined), {
      timeoutMs: 20_000,
      intervalMs: 20,
    });
    await stack.http.post(`/api/v1/incidents/${incident.id}/messages`).set(bearer(owner.token)).send({ body: 'Rolled back' }).expect(201);

    const replies = () =>
      slack
        .channelMessages(FEED_CHANNEL)
        .filter((message) => message.threadTs === root.ts)
        .map((message) => message.versions[0]!.text);
    const thread = await waitFor('both updates in the thread', async () => (replies().length >= 2 ? replies() : undefined), {
      timeoutMs: 30_000,
      intervalMs: 100,
    });
    expect(thread).toEqual(['Acknowledged (investigating) (was active)', 'Chat: Rolled back']);
    // Two relay batches, two workflows: the chat message's came second, and nothing stays pending.
    const batches = await stack.sql<{ dispatched: number }>(
      `select count(distinct dispatched_at)::int as dispatched from domain_events
       where incident_id = ? and type in ('incident.status_changed', 'chat.message')`,
      [incident.id],
    );
    expect(batches[0]?.dispatched).toBe(2);
    await waitFor(
      'nothing pending',
      async () =>
        (await stack.sql('select 1 from chat_feed_pending where incident_id = ?', [incident.id])).length === 0 ? true : undefined,
      { timeoutMs: 10_000, intervalMs: 100 },
    );
  });
});
