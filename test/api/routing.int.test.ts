import { randomUUID } from 'node:crypto';
import { waitFor } from '../../dev/wait-for.ts';
import { PAGE_SUBJECT } from '../helpers/escalation.ts';
import { addMember, bearer } from '../helpers/members.ts';
import { mailsTo, waitForMail } from '../helpers/outbox.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { alertmanagerBody, createIntegration, postSigned } from '../helpers/webhooks.ts';

interface RoutedIncident {
  id: string;
  title: string;
  severity: string;
  source: string;
  integration_id: string;
  labels: Record<string, string>;
  urgency: 'high' | 'low' | null;
  routing_rule_id: string | null;
  escalation_policy_id: string | null;
  timeline: Array<{ type: string; message: string; data: Record<string, unknown> }>;
}

/**
 * Routing end to end: webhook → ingestion → incident → outbox relay (routes it, records the
 * choice) → escalation workflow with the urgency → page mail; the tester answers the same for the
 * incident's own labels, severity and integration.
 */
describe('routing rules (integration: real PostgreSQL and Temporal, worker)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('routes alerts to different policies by their labels, records the choice on the incident, and the tester agrees', async () => {
    const owner = await registerOwner(stack.http, 'routing-e2e');
    const dba = await addMember(stack, owner.token, 'engineer', 'dba');
    const web = await addMember(stack, owner.token, 'engineer', 'web');
    const auth = bearer(owner.token);
    // Long delays: each escalation pages its first level only within the test.
    const policy = async (name: string, userId: string, fields: Record<string, unknown> = {}) =>
      (
        await stack.http
          .post('/api/v1/escalation-policies')
          .set(auth)
          .send({ name, levels: [{ targets: [{ type: 'user', id: userId }], delay_minutes: 60 }], ...fields })
          .expect(201)
      ).body.data.id as string;
    const dbaPolicy = await policy('Database', dba.user.id);
    const webPolicy = await policy('Web', web.user.id);
    const defaultPolicy = await policy('Everything else', owner.user.id, { is_default: true });
    const rule = async (body: Record<string, unknown>) =>
      (await stack.http.post('/api/v1/routing-rules').set(auth).send(body).expect(201)).body.data.id as string;
    const dbRule = await rule({
      name: 'Database',
      matchers: '{team="db", severity="critical"}',
      escalation_policy_id: dbaPolicy,
      urgency: 'high',
    });
    const webRule = await rule({ name: 'Web, daytime', matchers: 'team=~"web|frontend"', escalation_policy_id: webPolicy, urgency: 'low' });
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');

    const openIncident = async (team: string) => {
      const host = `route-${randomUUID().slice(0, 8)}`;
      const body = alertmanagerBody(`fp-${host}`, 'firing', `${host} is down`);
      for (const alert of body.alerts) Object.assign(alert.labels, { team });
      await postSigned(stack.http, 'metrics_alerts', integration, body).expect(200);
      const listed = await waitFor(
        `the ${team} alert opened an incident and it was routed`,
        async () => {
          const list = (await stack.http.get('/api/v1/incidents?limit=100').set(auth).expect(200)).body.data as RoutedIncident[];
          const found = list.find((candidate) => candidate.title.includes(host));
          return found?.urgency ? found : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 100 },
      );
      return (await stack.http.get(`/api/v1/incidents/${listed.id}`).set(auth).expect(200)).body.data as RoutedIncident;
    };
    const tester = async (incident: RoutedIncident) =>
      (
        await stack.http
          .post('/api/v1/routing-rules/test')
          .set(auth)
          .send({ labels: incident.labels, severity: incident.severity, integration_id: incident.integration_id })
          .expect(200)
      ).body.data as { rule: { id: string } | null; escalation_policy_id: string | null; urgency: string };
    const escalationOf = async (incidentId: string) =>
      (await stack.http.get(`/api/v1/incidents/${incidentId}/escalation`).set(auth).expect(200)).body.data;

    const database = await openIncident('db');
    expect(database).toMatchObject({ routing_rule_id: dbRule, escalation_policy_id: dbaPolicy, urgency: 'high' });
    expect(database.timeline.filter((entry) => entry.type === 'routed')).toEqual([
      expect.objectContaining({
        message: 'Routed by rule "Database" to escalation policy "Database" (urgency high)',
        data: { routing_rule_id: dbRule, escalation_policy_id: dbaPolicy, urgency: 'high' },
      }),
    ]);
    const dbaPage = await waitForMail(stack, dba.email, PAGE_SUBJECT);
    expect(dbaPage.subject).toBe(`[CRITICAL] Page: ${database.title}`);
    expect(dbaPage.body).toMatch(/^Urgency: high$/m);
    expect(await escalationOf(database.id)).toMatchObject({ policy: { id: dbaPolicy }, urgency: 'high', routing_rule_id: dbRule });
    expect(await tester(database)).toMatchObject({ rule: { id: dbRule }, escalation_policy_id: dbaPolicy, urgency: 'high' });

    const frontend = await openIncident('frontend');
    expect(frontend).toMatchObject({ routing_rule_id: webRule, escalation_policy_id: webPolicy, urgency: 'low' });
    const webPage = await waitForMail(stack, web.email, PAGE_SUBJECT);
    expect(webPage.subject).toBe(`[CRITICAL] Page: ${frontend.title}`);
    expect(webPage.body).toMatch(/^Urgency: low$/m);
    expect(await escalationOf(frontend.id)).toMatchObject({ policy: { id: webPolicy }, urgency: 'low', routing_rule_id: webRule });
    expect(await tester(frontend)).toMatchObject({ rule: { id: webRule }, escalation_policy_id: webPolicy, urgency: 'low' });

    // Created by hand before the next alert: the relay handles events in order, so once that alert's
    // incident is routed, this one's event was handled too, and it is left unrouted.
    const manual = (
      await stack.http.post('/api/v1/incidents').set(auth).send({ title: 'Typed in by hand', severity: 'critical' }).expect(201)
    ).body.data as RoutedIncident;

    // No rule matches: the organization's default (the integration names no policy), urgency high.
    const other = await openIncident('payments');
    expect(other).toMatchObject({ routing_rule_id: null, escalation_policy_id: defaultPolicy, urgency: 'high' });
    expect(other.timeline.filter((entry) => entry.type === 'routed').map((entry) => entry.message)).toEqual([
      'Pages through escalation policy "Everything else" (urgency high)',
    ]);
    await waitForMail(stack, owner.email, PAGE_SUBJECT);
    expect(await tester(other)).toEqual({
      rule: null,
      escalation_policy_id: defaultPolicy,
      source: 'default',
      urgency: 'high',
      priority: null,
    });

    expect((await stack.http.get(`/api/v1/incidents/${manual.id}`).set(auth).expect(200)).body.data).toMatchObject({
      urgency: null,
      routing_rule_id: null,
      escalation_policy_id: null,
    });

    // Each policy paged only its own incident.
    expect((await mailsTo(stack, dba.email, PAGE_SUBJECT)).map((mail) => mail.subject)).toEqual([`[CRITICAL] Page: ${database.title}`]);
    expect((await mailsTo(stack, web.email, PAGE_SUBJECT)).map((mail) => mail.subject)).toEqual([`[CRITICAL] Page: ${frontend.title}`]);
    expect((await mailsTo(stack, owner.email, PAGE_SUBJECT)).map((mail) => mail.subject)).toEqual([`[CRITICAL] Page: ${other.title}`]);
  });
});
