import { randomUUID } from 'node:crypto';
import { RequestContext } from '@mikro-orm/core';
import { createEscalationActivities, type PageLevelInput } from '../../activities/escalation.activities.ts';
import { createSecretBox } from '../../shared/crypto/secret-box.ts';
import { createChannelIdentityStore } from '../../shared/db/access/channel-identities.ts';
import { createContactMethodStore } from '../../shared/db/access/contact-methods.ts';
import type { PlannedPage } from '../../shared/domain/notification-rules.ts';
import { createOutboundHttp } from '../../shared/net/outbound-http.ts';
import { createChannelLinks } from '../../shared/paging/channel-link-token.ts';
import { createPageLinkSigner } from '../../shared/paging/page-link-token.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { appDepsOver } from '../helpers/app-deps.ts';
import { startFakeNtfy, type FakeNtfy } from '../helpers/fake-ntfy.ts';
import { addMember, bearer, type Member } from '../helpers/members.ts';
import { startReceiver } from '../helpers/receiver.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createEscalationPagingStore } from '../../shared/db/access/escalation-paging.ts';
import { createPageMessageStore } from '../../shared/db/access/page-messages.ts';

const PUBLIC_URL = 'https://tocsin.example.test';

/**
 * Page channels end to end on real PostgreSQL: push contact methods verified by a code through a
 * fake ntfy server, pages dispatched to each kind's channel, failures and slow receivers, the
 * push action buttons, linked identities and the channel action service.
 */
describe('page channels (real PostgreSQL, fake ntfy)', () => {
  let stack: TestStack;
  let ntfy: FakeNtfy;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let stranger: Awaited<ReturnType<typeof registerOwner>>;
  let member: Member;
  let activities: ReturnType<typeof createEscalationActivities>;
  let ownerToken: string;

  beforeAll(async () => {
    stack = await startTestStack({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
    ntfy = await startFakeNtfy({ protectedTopics: ['ann-pager', 'slow-topic', 'bob-pager'] });
    ownerToken = ntfy.addToken(['ann-pager', 'slow-topic', 'bob-pager']);
    owner = await registerOwner(stack.http, 'channels');
    stranger = await registerOwner(stack.http, 'channels-stranger');
    member = await addMember(stack, owner.token, 'engineer', 'bob');
    activities = createEscalationActivities({
      pageMessages: () => createPageMessageStore(stack.orm.em.fork()),
      escalationPaging: () => createEscalationPagingStore(stack.orm.em.fork()),
      secretBox: createSecretBox(stack.config.ENCRYPTION_KEY as string),
      outboundHttp: createOutboundHttp({ allowPrivate: true }),
      pageLinks: createPageLinkSigner(stack.config.ENCRYPTION_KEY as string),
      mailer: { send: async () => {} },
      pageSendTimeoutMs: 15_000,
    });
  });
  afterAll(async () => {
    await ntfy?.stop();
    await stack?.stop();
  });

  const openIncident = async () =>
    (
      await stack.http
        .post('/api/v1/incidents')
        .set(bearer(owner.token))
        .send({ title: `Disk full ${randomUUID().slice(0, 6)}`, severity: 'high' })
        .expect(201)
    ).body.data as { id: string; title: string };

  /** A verified method stored directly (verification has its own test below). */
  const storedMethod = async (user: { id: string; organization_id: string }, type: 'push' | 'webhook', secret: Record<string, unknown>) => {
    const id = randomUUID();
    await createContactMethodStore(stack.orm.em.fork()).insert(
      { organizationId: user.organization_id, userId: user.id },
      {
        id,
        type,
        label: `${type} ${id.slice(0, 4)}`,
        address: null,
        sealed: createSecretBox(stack.config.ENCRYPTION_KEY as string).encrypt(JSON.stringify(secret)),
        destination: null,
        template: null,
        verified: true,
      },
    );
    return id;
  };
  const planned = (userId: string, contactMethodId: string, method: PlannedPage['method']): PlannedPage => ({
    userId,
    ruleId: randomUUID(),
    contactMethodId,
    method,
    delayMs: 0,
  });
  const level = (incidentId: string, pages: PlannedPage[]): PageLevelInput => ({
    organizationId: owner.organization.id,
    incidentId,
    policyId: randomUUID(),
    round: 1,
    level: 1,
    urgency: 'high',
    pages,
    publicUrl: PUBLIC_URL,
  });
  const pagesOf = (incidentId: string) =>
    stack.sql<{
      id: string;
      user_id: string;
      method: string;
      status: string;
      error: string | null;
      message_ref: string | null;
      contact_method_id: string;
    }>(
      'select id, user_id, method, status, error, message_ref, contact_method_id from pages where incident_id = ? order by created_at, id',
      [incidentId],
    );

  it('adds a push contact method verified by a code ntfy delivered; secrets never come back; a wrong code counts', async () => {
    const created = await stack.http
      .post('/api/v1/users/me/contact-methods')
      .set(bearer(owner.token))
      .send({ type: 'push', topic: 'ann-pager', server_url: ntfy.url, access_token: ownerToken })
      .expect(201);
    const method = created.body.data;
    expect(method).toMatchObject({ type: 'push', verified: false, verification: 'code', address: ntfy.url });
    expect(JSON.stringify(created.body)).not.toContain(ownerToken);
    expect(JSON.stringify(created.body)).not.toContain('ann-pager');
    const code = /code is (\d{6})/.exec(ntfy.messages.at(-1)?.message ?? '')?.[1] as string;
    expect(ntfy.messages.at(-1)).toMatchObject({ topic: 'ann-pager', priority: 3 });
    const wrong = code === '000000' ? '111111' : '000000';
    await stack.http
      .post(`/api/v1/users/me/contact-methods/${method.id}/verify`)
      .set(bearer(owner.token))
      .send({ code: wrong })
      .expect(422);
    // Another member cannot verify it.
    await stack.http.post(`/api/v1/users/me/contact-methods/${method.id}/verify`).set(bearer(member.token)).send({ code }).expect(404);
    const verified = await stack.http
      .post(`/api/v1/users/me/contact-methods/${method.id}/verify`)
      .set(bearer(owner.token))
      .send({ code })
      .expect(200);
    expect(verified.body.data.verified).toBe(true);
    await stack.http.post(`/api/v1/users/me/contact-methods/${method.id}/verify`).set(bearer(owner.token)).send({ code }).expect(409);
    const test = await stack.http.post(`/api/v1/users/me/contact-methods/${method.id}/test`).set(bearer(owner.token)).expect(200);
    expect(test.body.data).toEqual({ status: 'sent', error: null });
    expect(ntfy.messages.at(-1)?.title).toContain('[TEST]');
  });

  it('a push method the code cannot reach (a token ntfy refuses) is not kept', async () => {
    const before = (await stack.http.get('/api/v1/users/me/contact-methods').set(bearer(owner.token)).expect(200)).body.meta.total;
    const refused = await stack.http
      .post('/api/v1/users/me/contact-methods')
      .set(bearer(owner.token))
      .send({ type: 'push', topic: 'ann-pager', server_url: ntfy.url, access_token: 'tk_0000000000000000000000000000z' })
      .expect(422);
    expect(refused.body.detail).toContain('401');
    expect((await stack.http.get('/api/v1/users/me/contact-methods').set(bearer(owner.token)).expect(200)).body.meta.total).toBe(before);
  });

  it('a page on each kind reaches its channel; a failing channel is recorded on its page and the others go on', async () => {
    const receiver = await startReceiver();
    try {
      const push = await storedMethod(owner.user, 'push', { topic: 'ann-pager', server_url: ntfy.url, access_token: ownerToken });
      const hook = await storedMethod(member.user, 'webhook', { url: `${receiver.url}/page` });
      // ntfy refuses this one: the page fails with why, and nothing stops.
      const broken = await storedMethod(member.user, 'push', { topic: 'bob-pager', server_url: ntfy.url });
      const incident = await openIncident();
      const result = await activities.pageEscalationTargets(
        level(incident.id, [
          planned(owner.user.id, push, 'push'),
          planned(member.user.id, hook, 'webhook'),
          planned(member.user.id, broken, 'push'),
        ]),
      );
      expect(result).toEqual({ sent: 2, failed: 1, skipped: 0 });
      const pushed = ntfy.messages.find((message) => message.title?.includes(incident.title));
      expect(pushed).toMatchObject({ topic: 'ann-pager', priority: 5 });
      expect(receiver.requests.map((request) => JSON.parse(request.body).incident.id)).toEqual([incident.id]);
      const pages = await pagesOf(incident.id);
      expect(
        pages
          .map(({ method, status, error, contact_method_id }) => ({ method, status, error, contact_method_id }))
          .sort((a, b) => a.contact_method_id.localeCompare(b.contact_method_id)),
      ).toEqual(
        [
          { method: 'push', status: 'sent', error: null, contact_method_id: push },
          { method: 'webhook', status: 'sent', error: null, contact_method_id: hook },
          { method: 'push', status: 'failed', error: 'ntfy refused the access token (HTTP 403)', contact_method_id: broken },
        ].sort((a, b) => a.contact_method_id.localeCompare(b.contact_method_id)),
      );
      expect(pages.find((page) => page.contact_method_id === push)?.message_ref).toBe(pushed?.id);
    } finally {
      await receiver.close();
    }
  });

  it('pressing the push Acknowledge button (the POST the ntfy app makes) acknowledges the incident as the paged member', async () => {
    const push = await storedMethod(owner.user, 'push', { topic: 'ann-pager', server_url: ntfy.url, access_token: ownerToken });
    const incident = await openIncident();
    await activities.pageEscalationTargets(level(incident.id, [planned(owner.user.id, push, 'push')]));
    const action = ntfy.messages.find((message) => message.title?.includes(incident.title))?.actions?.[0] as {
      url: string;
      method: string;
    };
    expect(action.method).toBe('POST');
    await stack.http.post(action.url.slice(PUBLIC_URL.length)).expect(200);
    const after = await stack.http.get(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).expect(200);
    expect(after.body.data.status).toBe('investigating');
  });

  it("one member's slow channel never delays another member's page", async () => {
    ntfy.hangWhile((message) => message.topic === 'slow-topic');
    try {
      // More slow pages than the old code sent at once, all claimed before the other member's page.
      const slow = await Promise.all(
        Array.from({ length: 9 }, () =>
          storedMethod(owner.user, 'push', { topic: 'slow-topic', server_url: ntfy.url, access_token: ownerToken }),
        ),
      );
      const fast = await storedMethod(member.user, 'push', { topic: 'bob-pager', server_url: ntfy.url, access_token: ownerToken });
      const incident = await openIncident();
      const running = activities.pageEscalationTargets(
        level(incident.id, [...slow.map((id) => planned(owner.user.id, id, 'push')), planned(member.user.id, fast, 'push')]),
      );
      const seen = await waitFor(
        "the other member's page recorded sent",
        async () => {
          const pages = await pagesOf(incident.id);
          const other = pages.find((page) => page.contact_method_id === fast);
          return other?.status === 'sent' ? pages : undefined;
        },
        { timeoutMs: 10_000, intervalMs: 50 },
      );
      expect(seen.filter((page) => page.user_id === owner.user.id).map((page) => page.status)).toEqual(Array(9).fill('sending'));
      ntfy.hangWhile(() => false);
      await ntfy.releaseHanging();
      const result = await running;
      expect(result.sent + result.failed).toBe(10);
    } finally {
      ntfy.hangWhile(() => false);
    }
  });

  describe('acting from a channel', () => {
    const apply = (request: Parameters<ReturnType<typeof appDepsOver>['services']['channelActions']['apply']>[0]) => {
      const services = appDepsOver(stack).services;
      return RequestContext.create(stack.orm.em, () => services.channelActions.apply(request));
    };

    it('acknowledges once as the linked member: the second says unchanged and who acted; timeline and audit written', async () => {
      const incident = await openIncident();
      const base = {
        organizationId: owner.organization.id,
        incidentId: incident.id,
        action: 'acknowledge' as const,
        channel: 'slack' as const,
      };
      const first = await apply({ ...base, userId: member.user.id });
      expect(first.outcome).toBe('done');
      const second = await apply({ ...base, userId: owner.user.id });
      expect(second).toEqual({ outcome: 'unchanged', message: 'Nothing to do: the incident was already acknowledged by bob member.' });
      const timeline = await stack.sql<{ message: string; actor_id: string }>(
        `select message, actor_id from incident_timeline where incident_id = ? and type = 'status_changed'`,
        [incident.id],
      );
      expect(timeline).toEqual([{ message: 'Status changed from active to investigating (from slack)', actor_id: member.user.id }]);
      const audit = await stack.sql<{ actor_user_id: string }>(
        `select actor_user_id from audit_events where target_id = ? and event_type = 'incidents.channel_acknowledge'`,
        [incident.id],
      );
      expect(audit).toEqual([{ actor_user_id: member.user.id }]);
    });

    it('an unlinked account and a member of another organization are refused, and nothing changes', async () => {
      const incident = await openIncident();
      const base = {
        organizationId: owner.organization.id,
        incidentId: incident.id,
        action: 'resolve' as const,
        channel: 'slack' as const,
      };
      expect(await apply({ ...base, userId: null })).toMatchObject({ outcome: 'refused', message: expect.stringContaining('not linked') });
      expect(await apply({ ...base, userId: stranger.user.id })).toMatchObject({
        outcome: 'refused',
        message: expect.stringContaining('not a member'),
      });
      const after = await stack.http.get(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).expect(200);
      expect(after.body.data.status).toBe('active');
      const audit = await stack.sql(`select 1 from audit_events where target_id = ? and event_type like 'incidents.channel_%'`, [
        incident.id,
      ]);
      expect(audit).toEqual([]);
    });
  });

  it('links a channel account once, to the signed-in member of the link’s organization only', async () => {
    const links = createChannelLinks({ encryptionKey: stack.config.ENCRYPTION_KEY as string, publicUrl: PUBLIC_URL });
    const url = links.createChannelLinkToken({
      organizationId: owner.organization.id,
      kind: 'slack',
      externalId: 'U-BOB',
      externalName: 'bob',
    });
    const token = new URL(url).searchParams.get('token') as string;
    await stack.http.post('/api/v1/channel-identities/link').set(bearer(stranger.token)).send({ token }).expect(404);
    const preview = await stack.http.get('/api/v1/channel-identities/link').query({ token }).set(bearer(member.token)).expect(200);
    expect(preview.body.data).toMatchObject({ kind: 'slack', external_id: 'U-BOB' });
    await stack.http.post('/api/v1/channel-identities/link').set(bearer(member.token)).send({ token }).expect(200);
    await stack.http.post('/api/v1/channel-identities/link').set(bearer(member.token)).send({ token }).expect(409);
    const identities = createChannelIdentityStore(stack.orm.em.fork());
    expect(await identities.identityUser(owner.organization.id, 'slack', 'U-BOB')).toBe(member.user.id);
    expect(await identities.identityUser(stranger.organization.id, 'slack', 'U-BOB')).toBeUndefined();
    const mine = await stack.http.get('/api/v1/channel-identities').set(bearer(member.token)).expect(200);
    expect(mine.body.data.map((identity: { external_id: string }) => identity.external_id)).toEqual(['U-BOB']);
  });

  it('connects ntfy for the organization: validated by its schema, the token write-only, writes need integrations:update', async () => {
    const token = ntfy.addToken(['anything']);
    await stack.http.put('/api/v1/channel-connections/ntfy').set(bearer(owner.token)).send({ server_url: 'not a url' }).expect(422);
    const put = await stack.http
      .put('/api/v1/channel-connections/ntfy')
      .set(bearer(owner.token))
      .send({ server_url: ntfy.url, access_token: token })
      .expect(200);
    expect(put.body.data).toMatchObject({ kind: 'ntfy', summary: { server_url: ntfy.url, access_token_set: true } });
    expect(JSON.stringify(put.body)).not.toContain(token);
    const viewer = await addMember(stack, owner.token, 'viewer', 'viewer');
    await stack.http.put('/api/v1/channel-connections/ntfy').set(bearer(viewer.token)).send({ server_url: ntfy.url }).expect(403);
    const listed = await stack.http.get('/api/v1/channel-connections').set(bearer(stranger.token)).expect(200);
    expect(listed.body.data).toEqual([]);
    await stack.http.delete('/api/v1/channel-connections/ntfy').set(bearer(owner.token)).expect(204);
  });
});
