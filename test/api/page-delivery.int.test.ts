import { randomUUID } from 'node:crypto';
import { createEscalationActivities } from '../../activities/escalation.activities.ts';
import { createSecretBox } from '../../shared/crypto/secret-box.ts';
import { createContactMethodStore } from '../../shared/db/access/contact-methods.ts';
import { claimPages } from '../../shared/db/access/pages.ts';
import type { PlannedPage } from '../../shared/domain/notification-rules.ts';
import { createOutboundHttp } from '../../shared/net/outbound-http.ts';
import { createPageLinkSigner } from '../../shared/paging/page-link-token.ts';
import { startFakeNtfy, type FakeNtfy } from '../helpers/fake-ntfy.ts';
import { bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createEscalationPagingStore } from '../../shared/db/access/escalation-paging.ts';
import { createPageMessageStore } from '../../shared/db/access/page-messages.ts';

interface DeliveredPage {
  id: string;
  method: string;
  status: string;
  error: string | null;
  attempts: number;
  resent_at: string | null;
  sent_at: string | null;
}

/**
 * What the incident's Escalation card shows of each page's delivery (GET /incidents/{id}/escalation):
 * when the channel took it, and a page sent again after its worker died mid-send, marked as such.
 * Real PostgreSQL; pushes go to a fake ntfy.
 */
describe('page delivery on the escalation view (real PostgreSQL, fake ntfy)', () => {
  let stack: TestStack;
  let ntfy: FakeNtfy;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let activities: ReturnType<typeof createEscalationActivities>;
  let methodId: string;

  beforeAll(async () => {
    stack = await startTestStack();
    ntfy = await startFakeNtfy({ protectedTopics: ['delivery-pager'] });
    const token = ntfy.addToken(['delivery-pager']);
    owner = await registerOwner(stack.http, 'page-delivery');
    activities = createEscalationActivities({
      pageMessages: () => createPageMessageStore(stack.orm.em.fork()),
      escalationPaging: () => createEscalationPagingStore(stack.orm.em.fork()),
      secretBox: createSecretBox(stack.config.ENCRYPTION_KEY as string),
      outboundHttp: createOutboundHttp({ allowPrivate: true }),
      pageLinks: createPageLinkSigner(stack.config.ENCRYPTION_KEY as string),
      mailer: { send: async () => {} },
      pageSendTimeoutMs: 15_000,
    });
    methodId = randomUUID();
    await createContactMethodStore(stack.orm.em.fork()).insert(
      { organizationId: owner.organization.id, userId: owner.user.id },
      {
        id: methodId,
        type: 'push',
        label: 'Phone',
        address: ntfy.url,
        sealed: createSecretBox(stack.config.ENCRYPTION_KEY as string).encrypt(
          JSON.stringify({ topic: 'delivery-pager', server_url: ntfy.url, access_token: token }),
        ),
        destination: null,
        template: null,
        verified: true,
      },
    );
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
        .send({ title: `Queue stuck ${randomUUID().slice(0, 6)}`, severity: 'high' })
        .expect(201)
    ).body.data as { id: string; title: string };
  const pagesOf = async (incidentId: string) =>
    (await stack.http.get(`/api/v1/incidents/${incidentId}/escalation`).set(bearer(owner.token)).expect(200)).body.data
      .pages as DeliveredPage[];

  it('a page sent once says when the channel took it', async () => {
    const incident = await openIncident();
    const planned: PlannedPage = { userId: owner.user.id, ruleId: randomUUID(), contactMethodId: methodId, method: 'push', delayMs: 0 };
    const slot = { organizationId: owner.organization.id, incidentId: incident.id, policyId: randomUUID(), round: 1, level: 1 };
    await activities.pageEscalationTargets({ ...slot, pages: [planned], urgency: 'high', publicUrl: 'https://tocsin.example.test' });
    const [page] = await pagesOf(incident.id);
    expect(page).toMatchObject({ method: 'push', status: 'sent', error: null, attempts: 1, resent_at: null });
    expect(Date.parse(page?.sent_at ?? '')).not.toBeNaN();
  });

  it('a page whose worker died mid-send goes again, and the view marks it resent', async () => {
    const incident = await openIncident();
    const planned: PlannedPage = { userId: owner.user.id, ruleId: randomUUID(), contactMethodId: methodId, method: 'push', delayMs: 0 };
    const slot = { organizationId: owner.organization.id, incidentId: incident.id, policyId: randomUUID(), cycle: 1, round: 1, level: 1 };
    // A worker claimed the page and died before recording its send: its lease has run out.
    await claimPages(stack.orm.em.fork(), slot, [planned]);
    await stack.sql(`update pages set claimed_until = now() - interval '1 second' where incident_id = ?`, [incident.id]);
    const claimed = await pagesOf(incident.id);
    expect(claimed).toEqual([expect.objectContaining({ status: 'sending', attempts: 1, resent_at: null, sent_at: null })]);

    await activities.pageEscalationTargets({ ...slot, pages: [planned], urgency: 'high', publicUrl: 'https://tocsin.example.test' });
    const [page] = await pagesOf(incident.id);
    expect(page).toMatchObject({ id: claimed[0]?.id, status: 'sent', attempts: 2 });
    expect(Date.parse(page?.resent_at ?? '')).not.toBeNaN();
    expect(Date.parse(page?.sent_at ?? '')).not.toBeNaN();
    expect(ntfy.messages.find((message) => message.title?.includes(incident.title))?.title).toContain('[RESENT]');
  });
});
