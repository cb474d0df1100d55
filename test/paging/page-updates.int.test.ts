import { randomUUID } from 'node:crypto';
import { createEscalationActivities, type PageLevelInput } from '../../activities/escalation.activities.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { createSecretBox } from '../../shared/crypto/secret-box.ts';
import { createContactMethodStore } from '../../shared/db/access/contact-methods.ts';
import { createOutboundHttp, type HttpRequestFn } from '../../shared/net/outbound-http.ts';
import type { IncidentChange, PageChannel, PageChannelKind } from '../../shared/paging/channel.ts';
import { bearer } from '../helpers/members.ts';
import { startReceiver, type ReceivedRequest } from '../helpers/receiver.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createEscalationPagingStore } from '../../shared/db/access/escalation-paging.ts';
import { createPageMessageStore } from '../../shared/db/access/page-messages.ts';

const PUBLIC_URL = 'https://tocsin.example.test';

/**
 * A chat-like channel for this test (the Slack and Matrix channels are built elsewhere): it posts
 * the page to the member's URL and returns a message ref, and its `update` posts the change for
 * that ref to `<url>/update`, failing on any answer but 2xx, as a vendor's API call would.
 */
function updatingChannel(http: HttpRequestFn): PageChannel {
  const urlOf = (secret: Record<string, unknown> | null) => String(secret?.url ?? '');
  return {
    kind: 'webhook',
    async send(page, to, _connection, signal) {
      const response = await http({
        url: urlOf(to.secret),
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ page: page.pageId, incident: page.content.incident.id }),
        signal,
      });
      return response.status < 300 ? { ok: true, messageRef: `msg-${page.pageId}` } : { ok: false, error: `HTTP ${response.status}` };
    },
    async update(messageRef, to, _connection, change) {
      const response = await http({
        url: `${urlOf(to.secret)}/update`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ messageRef, change }),
      });
      if (response.status >= 300) throw new Error(`update answered HTTP ${response.status}`);
    },
  };
}

describe('page messages updated as the incident changes (real PostgreSQL, Temporal, an HTTP receiver)', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let activities: ReturnType<typeof createEscalationActivities>;
  // The first update of a resolution is refused: the workflow tries it again.
  let refuseNextResolve = true;

  beforeAll(async () => {
    receiver = await startReceiver((request: ReceivedRequest) => {
      if (request.url.endsWith('/update') && refuseNextResolve && JSON.parse(request.body).change.action === 'resolve') {
        refuseNextResolve = false;
        return 503;
      }
      return 200;
    });
    const outboundHttp = createOutboundHttp({ allowPrivate: true });
    const channels = new Map<PageChannelKind, PageChannel>([['webhook', updatingChannel(outboundHttp)]]);
    stack = await startTestStack({ worker: true, workerChannels: channels });
    owner = await registerOwner(stack.http, 'updates');
    activities = createEscalationActivities({
      pageMessages: () => createPageMessageStore(stack.orm.em.fork()),
      escalationPaging: () => createEscalationPagingStore(stack.orm.em.fork()),
      secretBox: createSecretBox(stack.config.ENCRYPTION_KEY as string),
      outboundHttp,
      channels,
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await receiver?.close();
  });

  const pageSomeone = async (path: string) => {
    const incident = (
      await stack.http
        .post('/api/v1/incidents')
        .set(bearer(owner.token))
        .send({ title: `Queue stuck ${randomUUID().slice(0, 6)}`, severity: 'high' })
        .expect(201)
    ).body.data as { id: string };
    const methodId = randomUUID();
    await createContactMethodStore(stack.orm.em.fork()).insert(
      { organizationId: owner.organization.id, userId: owner.user.id },
      {
        id: methodId,
        type: 'webhook',
        label: 'chat',
        address: null,
        sealed: createSecretBox(stack.config.ENCRYPTION_KEY as string).encrypt(JSON.stringify({ url: `${receiver.url}/${path}` })),
        destination: null,
        template: null,
        verified: true,
      },
    );
    const level: PageLevelInput = {
      organizationId: owner.organization.id,
      incidentId: incident.id,
      policyId: randomUUID(),
      round: 1,
      level: 1,
      urgency: 'high',
      pages: [{ userId: owner.user.id, ruleId: randomUUID(), contactMethodId: methodId, method: 'webhook', delayMs: 0 }],
      publicUrl: PUBLIC_URL,
    };
    expect(await activities.pageEscalationTargets(level)).toMatchObject({ sent: 1, failed: 0 });
    const [page] = await stack.sql<{ id: string; message_ref: string }>('select id, message_ref from pages where incident_id = ?', [
      incident.id,
    ]);
    expect(page?.message_ref).toBe(`msg-${page?.id}`);
    return { incidentId: incident.id, messageRef: page?.message_ref as string };
  };

  const updatesOf = (messageRef: string) =>
    receiver.requests
      .filter((request) => request.url.endsWith('/update'))
      .map((request) => JSON.parse(request.body) as { messageRef: string; change: IncidentChange })
      .filter((request) => request.messageRef === messageRef);

  const waitForUpdate = (messageRef: string, action: IncidentChange['action'], accepted = 1) =>
    waitFor(
      `the ${action} update of ${messageRef}`,
      async () => {
        const found = updatesOf(messageRef).filter((update) => update.change.action === action);
        return found.length >= accepted ? found : undefined;
      },
      { timeoutMs: 60_000 },
    );

  it('an acknowledgement, a resolution (its first update refused, then retried) and a reopening each update the sent message', async () => {
    const { incidentId, messageRef } = await pageSomeone('ann');
    const other = await pageSomeone('other');

    await stack.http.patch(`/api/v1/incidents/${incidentId}`).set(bearer(owner.token)).send({ status: 'investigating' }).expect(200);
    const [acknowledged] = await waitForUpdate(messageRef, 'acknowledge');
    expect(acknowledged?.change).toEqual({ status: 'investigating', action: 'acknowledge', actorName: expect.stringContaining('Owner') });

    await stack.http.patch(`/api/v1/incidents/${incidentId}`).set(bearer(owner.token)).send({ status: 'resolved' }).expect(200);
    // Refused once (503), then accepted: the update is retried until the channel takes it.
    const resolved = await waitForUpdate(messageRef, 'resolve', 2);
    expect(resolved.at(-1)?.change).toMatchObject({ status: 'resolved', action: 'resolve' });
    expect(refuseNextResolve).toBe(false);

    await stack.http.patch(`/api/v1/incidents/${incidentId}`).set(bearer(owner.token)).send({ status: 'active' }).expect(200);
    await waitForUpdate(messageRef, 'reopened');

    // Another incident's message was never touched.
    expect(updatesOf(other.messageRef)).toEqual([]);
  });

  it('a change superseded before its update ran is not shown over the later one', async () => {
    const { incidentId, messageRef } = await pageSomeone('bob');
    await stack.stopWorker();
    try {
      await stack.http.patch(`/api/v1/incidents/${incidentId}`).set(bearer(owner.token)).send({ status: 'investigating' }).expect(200);
      await stack.http.patch(`/api/v1/incidents/${incidentId}`).set(bearer(owner.token)).send({ status: 'resolved' }).expect(200);
    } finally {
      await stack.startWorker();
    }
    await waitForUpdate(messageRef, 'resolve');
    // Both workflows ran once the worker was back; the acknowledgement's found the incident resolved.
    await waitFor(
      'both update workflows to end',
      async () => {
        const ended = await Promise.all(
          (
            await stack.sql<{ id: string }>("select id from domain_events where incident_id = ? and type = 'incident.status_changed'", [
              incidentId,
            ])
          ).map(async (event) => (await stack.temporal.client.workflow.getHandle(`page-updates:${event.id}`).describe()).status.name),
        );
        return ended.length === 2 && ended.every((status) => status === 'COMPLETED') ? ended : undefined;
      },
      { timeoutMs: 60_000 },
    );
    expect(updatesOf(messageRef).map((update) => update.change.action)).toEqual(['resolve']);
  });
});
