import { randomUUID } from 'node:crypto';
import { waitFor } from '../../dev/wait-for.ts';
import { createPageLinkSigner } from '../../shared/paging/page-link-token.ts';
import { escalationEnded, PAGE_SUBJECT } from '../helpers/escalation.ts';
import { addMember, bearer, type Member } from '../helpers/members.ts';
import { mailsTo, waitForMail } from '../helpers/outbox.ts';
import { startReceiver } from '../helpers/receiver.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { alertmanagerBody, createIntegration, openAlertIncident, postSigned } from '../helpers/webhooks.ts';

const SHORT = 0.05; // 3 s

interface Incident {
  id: string;
  title: string;
  status: string;
  timeline: Array<{ type: string; actor_id: string | null; data: Record<string, unknown> }>;
}

/**
 * Paging through contact methods and the one-click links of page mails, end to end: webhook →
 * incident → escalation workflow → the worker's mailer (outbox_messages) and the guarded webhook
 * client → a link from the mail → the API. The stack keeps the production outbound rules (no
 * private addresses), except where a test says otherwise.
 */
describe('page links and contact methods in escalations (integration: real PostgreSQL and Temporal, worker)', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let member: Member;
  let integration: { id: string; secret: string };
  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
    owner = await registerOwner(stack.http, 'links');
    member = await addMember(stack, owner.token, 'engineer', 'oncall');
    await stack.http
      .post('/api/v1/escalation-policies')
      .set(bearer(owner.token))
      .send({
        name: 'Member first',
        is_default: true,
        levels: [
          { targets: [{ type: 'user', id: member.user.id }], delay_minutes: SHORT },
          { targets: [{ type: 'user', id: owner.user.id }], delay_minutes: 30 },
        ],
      })
      .expect(201);
    integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const openIncident = (through = integration) => openAlertIncident<Incident>(stack.http, owner.token, through, 'link');
  const incidentOf = async (id: string) =>
    (await stack.http.get(`/api/v1/incidents/${id}`).set(bearer(owner.token)).expect(200)).body.data as Incident;
  const linkIn = (body: string, action: 'Acknowledge' | 'Resolve') => {
    const match = new RegExp(`^${action} with one click: (\\S+)$`, 'm').exec(body);
    if (!match?.[1]) throw new Error(`no ${action} link in the mail`);
    return new URL(match[1]).pathname;
  };

  it('GET shows a confirmation page and changes nothing; POST acknowledges once, as the paged member; a reused or foreign link is refused', async () => {
    // Level 1 waits 30 minutes here: only the link's acknowledgement can end the escalation in time.
    const slow = (
      await stack.http
        .post('/api/v1/escalation-policies')
        .set(bearer(owner.token))
        .send({
          name: 'Member first, slowly',
          levels: [
            { targets: [{ type: 'user', id: member.user.id }], delay_minutes: 30 },
            { targets: [{ type: 'user', id: owner.user.id }], delay_minutes: 30 },
          ],
        })
        .expect(201)
    ).body.data as { id: string };
    const slowIntegration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    await stack.http
      .patch(`/api/v1/integrations/${slowIntegration.id}`)
      .set(bearer(owner.token))
      .send({ escalation_policy_id: slow.id })
      .expect(200);
    const seen = (await mailsTo(stack, member.email, PAGE_SUBJECT)).length;
    const incident = await openIncident(slowIntegration);
    const mail = await waitForMail(stack, member.email, PAGE_SUBJECT, seen);
    expect(mail.body).toContain(incident.title);
    const acknowledge = linkIn(mail.body, 'Acknowledge');
    expect(acknowledge).toMatch(/^\/api\/v1\/page-links\/v1\./);

    // A mail scanner following the link, twice: nothing changes.
    for (let n = 0; n < 2; n += 1) {
      const page = await stack.http.get(acknowledge).expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.text).toContain('<form method="post"');
      expect(page.text).toContain('Acknowledge this incident?');
    }
    expect((await incidentOf(incident.id)).status).toBe('active');

    // A forged link: the member's page, but claiming the owner (signed with the server's own key).
    const pageId = (
      await stack.orm.em
        .fork()
        .execute<Array<{ id: string }>>('select id from pages where incident_id = ? and user_id = ?', [incident.id, member.user.id])
    )[0]?.id as string;
    const signer = createPageLinkSigner(stack.config.ENCRYPTION_KEY as string);
    const foreign = signer.sign(
      { pageId, organizationId: owner.organization.id, incidentId: incident.id, userId: owner.user.id, action: 'acknowledge' },
      new Date(),
    );
    expect((await stack.http.post(`/api/v1/page-links/${foreign}`).expect(404)).text).toContain('not valid');
    // One signed by another key.
    const otherKey = createPageLinkSigner('x'.repeat(64)).sign(
      { pageId, organizationId: owner.organization.id, incidentId: incident.id, userId: member.user.id, action: 'acknowledge' },
      new Date(),
    );
    await stack.http.post(`/api/v1/page-links/${otherKey}`).expect(404);
    // A link tampered with: the first character of its signature changed (in the last one, the low bits are padding
    // base64url decoding drops, so some changes there decode to the same signature).
    const signatureAt = acknowledge.lastIndexOf('.') + 1;
    const tampered = `${acknowledge.slice(0, signatureAt)}${acknowledge[signatureAt] === 'A' ? 'B' : 'A'}${acknowledge.slice(signatureAt + 1)}`;
    await stack.http.post(tampered).expect(404);
    expect((await incidentOf(incident.id)).status).toBe('active');

    const used = await stack.http.post(acknowledge).type('form').send('').expect(200);
    expect(used.text).toContain('The incident is acknowledged.');
    const acknowledged = await incidentOf(incident.id);
    expect(acknowledged.status).toBe('investigating');
    expect(acknowledged.timeline).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'status_changed', actor_id: member.user.id })]),
    );
    const audit = await stack.orm.em
      .fork()
      .execute<Array<{ event_type: string; actor_user_id: string; target_id: string }>>(
        "select event_type, actor_user_id, target_id from audit_events where event_type like 'incidents.page_link%' and target_id = ?",
        [incident.id],
      );
    expect(audit).toEqual([{ event_type: 'incidents.page_link_acknowledge', actor_user_id: member.user.id, target_id: incident.id }]);

    // Once only: a second POST and even a GET say it was used.
    expect((await stack.http.post(acknowledge).expect(410)).text).toContain('already used');
    await stack.http.get(acknowledge).expect(410);

    // The acknowledgement stopped the escalation: level 2 (the owner) is never paged.
    const ended = await escalationEnded(stack.http, owner.token, incident.id);
    expect(ended.ended).toBe('acknowledged');
    expect((await mailsTo(stack, owner.email, PAGE_SUBJECT)).filter((page) => page.body.includes(incident.title))).toEqual([]);

    // The resolve link of the same mail is its own single-use link.
    const resolve = linkIn(mail.body, 'Resolve');
    await stack.http.post(resolve).expect(200);
    expect((await incidentOf(incident.id)).status).toBe('resolved');
    await stack.http.post(resolve).expect(410);
  });

  it('pages through notification rules: a failed webhook page is recorded and does not stop the chain; unverified addresses are never paged', async () => {
    // A receiver on loopback: the production outbound rules refuse it, which is the failure here.
    const receiver = await startReceiver();
    try {
      const hook = (
        await stack.http
          .post('/api/v1/users/me/contact-methods')
          .set(bearer(member.token))
          .send({ type: 'webhook', label: 'Chat', url: `${receiver.url}/hooks/secret-path-token` })
          .expect(201)
      ).body.data as { id: string };
      const unverified = (
        await stack.http
          .post('/api/v1/users/me/contact-methods')
          .set(bearer(member.token))
          .send({ type: 'email', address: `pager-${randomUUID().slice(0, 6)}@example.test` })
          .expect(201)
      ).body.data as { id: string; address: string; verified: boolean };
      expect(unverified.verified).toBe(false);
      for (const contact_method_id of [hook.id, unverified.id]) {
        await stack.http
          .post('/api/v1/users/me/notification-rules')
          .set(bearer(member.token))
          .send({ contact_method_id, delay_minutes: 0, urgency: 'high' })
          .expect(201);
      }
      // The test page says why a private address is refused, without naming what it resolved to.
      const test = (await stack.http.post(`/api/v1/users/me/contact-methods/${hook.id}/test`).set(bearer(member.token)).expect(200)).body
        .data as { status: string; error: string };
      expect(test.status).toBe('failed');
      expect(test.error).toMatch(/refused|not allowed|private|loopback/i);
      // The URL's path is the member's secret: errors name only the destination.
      expect(test.error).not.toContain('secret-path-token');

      const incident = await openIncident();
      const escalation = await waitFor(
        'level 2 paged after the failed webhook page',
        async () => {
          const state = (await stack.http.get(`/api/v1/incidents/${incident.id}/escalation`).set(bearer(owner.token)).expect(200)).body
            .data as {
            pages: Array<{
              level: number;
              user_id: string;
              method: string;
              status: string;
              error: string | null;
              contact_method_id: string | null;
            }>;
          };
          return state.pages.some((page) => page.level === 2 && page.status === 'sent') ? state : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 100 },
      );
      const level1 = escalation.pages.filter((page) => page.level === 1);
      expect(level1).toEqual([
        expect.objectContaining({ user_id: member.user.id, method: 'webhook', contact_method_id: hook.id, status: 'failed' }),
      ]);
      expect(level1[0]?.error).toMatch(/refused|not allowed|private|loopback/i);
      // Page errors are shown to the whole organization: never the member's secret URL.
      expect(level1[0]?.error).not.toContain('secret-path-token');
      expect(receiver.requests).toEqual([]);
      expect(await mailsTo(stack, unverified.address, PAGE_SUBJECT)).toEqual([]);
      await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).send({ status: 'resolved' }).expect(200);
    } finally {
      await receiver.close();
    }
  });

  it("a viewer's link is refused (403): the link acts with the paged member's role, which cannot change incidents", async () => {
    const viewer = await addMember(stack, owner.token, 'viewer', 'paged-viewer');
    const policy = (
      await stack.http
        .post('/api/v1/escalation-policies')
        .set(bearer(owner.token))
        .send({ name: 'Viewer', levels: [{ targets: [{ type: 'user', id: viewer.user.id }], delay_minutes: 30 }] })
        .expect(201)
    ).body.data as { id: string };
    const viewerIntegration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    await stack.http
      .patch(`/api/v1/integrations/${viewerIntegration.id}`)
      .set(bearer(owner.token))
      .send({ escalation_policy_id: policy.id })
      .expect(200);
    const host = `viewer-${randomUUID().slice(0, 8)}`;
    await postSigned(stack.http, 'metrics_alerts', viewerIntegration, alertmanagerBody(host, 'firing', `${host} is down`)).expect(200);
    const mail = await waitForMail(stack, viewer.email, PAGE_SUBJECT);
    const acknowledge = linkIn(mail.body, 'Acknowledge');
    expect((await stack.http.post(acknowledge).expect(403)).text).toContain('Your role cannot change incidents');
    const incident = (
      (await stack.http.get('/api/v1/incidents?limit=100').set(bearer(owner.token)).expect(200)).body.data as Incident[]
    ).find((candidate) => candidate.title.includes(host)) as Incident;
    expect((await incidentOf(incident.id)).status).toBe('active');
    await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).send({ status: 'resolved' }).expect(200);
  });
});
