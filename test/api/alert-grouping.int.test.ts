import { randomUUID } from 'node:crypto';
import { waitFor } from '../../dev/wait-for.ts';
import { PAGE_SUBJECT } from '../helpers/escalation.ts';
import { bearer } from '../helpers/members.ts';
import { mailsTo } from '../helpers/outbox.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration, postSigned } from '../helpers/webhooks.ts';

type Labels = Record<string, string>;

let sent = 0;
/** An Alertmanager v4 body with these alerts (fingerprint and labels each), all `status`. */
function alertsBody(alerts: Array<{ fingerprint: string; labels: Labels }>, status: 'firing' | 'resolved' = 'firing') {
  sent += 1;
  return {
    version: '4',
    status,
    alerts: alerts.map(({ fingerprint, labels }, index) => ({
      status,
      labels: { alertname: 'InstanceDown', job: 'node', severity: 'warning', ...labels },
      annotations: { summary: `${labels.instance ?? fingerprint} is down` },
      // Every body a new notification (not a retried delivery).
      startsAt: new Date(Date.UTC(2026, 0, 1) + sent * 1000 + index).toISOString(),
      fingerprint,
    })),
  };
}

/**
 * Alert grouping, inhibition and flapping end to end: webhook → bucket workflow → incidents →
 * outbox relay → escalation (its start delayed by group_wait) → page mails (outbox_messages).
 */
describe('alert grouping, inhibition and flapping (integration: real PostgreSQL and Temporal, worker)', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let policyId: string;

  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
    owner = await registerOwner(stack.http, 'grouping');
    policyId = (
      await stack.http
        .post('/api/v1/escalation-policies')
        .set(bearer(owner.token))
        .send({ name: 'Owner', levels: [{ targets: [{ type: 'user', id: owner.user.id }], delay_minutes: 1 }] })
        .expect(201)
    ).body.data.id as string;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const integrationWith = async (settings: Record<string, unknown>) => {
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts', `secret-${randomUUID()}`);
    const updated = await stack.http
      .patch(`/api/v1/integrations/${integration.id}`)
      .set(bearer(owner.token))
      .send({ escalation_policy_id: policyId, ...settings })
      .expect(200);
    return { ...integration, view: updated.body.data as Record<string, unknown> };
  };
  const incidentsOf = (integrationId: string) =>
    stack.sql<{
      id: string;
      status: string;
      alert_count: number;
      group_key: string | null;
      created_at: Date;
      page_after: Date | null;
      first_received_at: Date;
      escalation_cycle: number;
    }>(
      `select i.id, i.status, i.alert_count, i.group_key, i.created_at, i.page_after, i.escalation_cycle,
         (select min(received_at) from alerts a where a.incident_id = i.id) as first_received_at
       from incidents i where i.integration_id = ? order by i.created_at`,
      [integrationId],
    );
  const pagesOf = (incidentId: string) =>
    stack.sql<{ created_at: Date; cycle: number }>('select created_at, cycle from pages where incident_id = ? order by created_at', [incidentId]);
  const waitForIncidents = (integrationId: string, done: (rows: Awaited<ReturnType<typeof incidentsOf>>) => boolean, what: string) =>
    waitFor(
      what,
      async () => {
        const rows = await incidentsOf(integrationId);
        return done(rows) ? rows : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 100 },
    );
  /** Every domain event so far relayed: nothing more will start an escalation. */
  const relayed = () =>
    waitFor(
      'the outbox relayed every event',
      async () => {
        const [row] = await stack.sql<{ n: number }>('select count(*)::int as n from domain_events where dispatched_at is null');
        return row?.n === 0 ? true : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );

  it('200 fingerprints sharing a cluster within group_wait open one incident and page once, after group_wait; a later alert joins without paging', async () => {
    const integration = await integrationWith({ grouping: { group_by: ['cluster'], group_wait_seconds: 3, group_interval_seconds: 1 } });
    expect(integration.view.grouping).toEqual({ group_by: ['cluster'], group_wait_seconds: 3, group_interval_seconds: 1 });
    const alerts = Array.from({ length: 200 }, (_, index) => ({
      fingerprint: `host-${index}-${randomUUID().slice(0, 6)}`,
      labels: { cluster: 'eu-1', instance: `host-${index}:9100`, severity: 'critical' },
    }));
    for (let start = 0; start < 200; start += 50)
      await postSigned(stack.http, 'metrics_alerts', integration, alertsBody(alerts.slice(start, start + 50))).expect(200);
    // Another cluster is another group.
    await postSigned(stack.http, 'metrics_alerts', integration, alertsBody([{ fingerprint: `us-${randomUUID()}`, labels: { cluster: 'us-1' } }])).expect(200);

    const incidents = await waitForIncidents(
      integration.id,
      (rows) => rows.reduce((sum, row) => sum + row.alert_count, 0) === 201,
      'all 201 alerts applied',
    );
    expect(incidents.map((row) => [row.group_key?.replace(integration.id, 'I'), row.alert_count]).sort()).toEqual([
      ['integration:I:{cluster="eu-1"}', 200],
      ['integration:I:{cluster="us-1"}', 1],
    ]);
    const eu = incidents.find((row) => row.alert_count === 200) as (typeof incidents)[number];
    const detail = (await stack.http.get(`/api/v1/incidents/${eu.id}/alerts`).set(bearer(owner.token)).expect(200)).body.data as Array<{
      dedup_key: string;
      labels: Labels;
      status: string;
    }>;
    expect(detail).toHaveLength(200);
    expect(new Set(detail.map((alert) => alert.dedup_key))).toEqual(new Set(alerts.map((alert) => alert.fingerprint)));
    expect(detail.every((alert) => alert.labels.cluster === 'eu-1' && alert.status === 'firing')).toBe(true);

    const [page] = await waitFor('the group paged', async () => ((await pagesOf(eu.id)).length > 0 ? pagesOf(eu.id) : undefined), {
      timeoutMs: 30_000,
      intervalMs: 100,
    });
    // The page waited out group_wait: 3 s after the group's first alert was received.
    const pageAfter = new Date(eu.page_after as Date).getTime();
    expect(pageAfter - new Date(eu.first_received_at).getTime()).toBe(3_000);
    expect(new Date(page?.created_at as Date).getTime()).toBeGreaterThanOrEqual(pageAfter);

    // Past group_interval: a new fingerprint of the group joins the open incident and pages no one.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await postSigned(stack.http, 'metrics_alerts', integration, alertsBody([{ fingerprint: `late-${randomUUID()}`, labels: { cluster: 'eu-1' } }])).expect(200);
    await waitForIncidents(integration.id, (rows) => rows.some((row) => row.alert_count === 201), 'the late alert joined');
    await relayed();
    expect(await incidentsOf(integration.id)).toHaveLength(2);
    expect(await pagesOf(eu.id)).toHaveLength(1);
    expect(await mailsTo(stack, owner.email, PAGE_SUBJECT)).toHaveLength(2);
    // It was announced (once per group_interval), not paged.
    const [announced] = await stack.sql<{ n: number }>(
      `select count(*)::int as n from domain_events where incident_id = ? and type = 'incident.updated' and data ? 'joined_alerts'`,
      [eu.id],
    );
    expect(announced?.n).toBe(1);
  }, 120_000);

  it('a worker restarted during group_wait still opens one incident and pages once', async () => {
    const integration = await integrationWith({ grouping: { group_by: ['cluster'], group_wait_seconds: 8, group_interval_seconds: 300 } });
    const alert = (index: number) => ({ fingerprint: `r-${index}-${randomUUID().slice(0, 6)}`, labels: { cluster: 'restart-1' } });
    await postSigned(stack.http, 'metrics_alerts', integration, alertsBody(Array.from({ length: 50 }, (_, index) => alert(index)))).expect(200);
    const [opened] = await waitForIncidents(integration.id, (rows) => rows.length === 1, 'the group opened');
    await stack.stopWorker();
    // Signalled while no worker runs: they wait in Temporal.
    await postSigned(stack.http, 'metrics_alerts', integration, alertsBody(Array.from({ length: 50 }, (_, index) => alert(50 + index)))).expect(200);
    await stack.startWorker();
    const incidents = await waitForIncidents(integration.id, (rows) => rows[0]?.alert_count === 100, 'all 100 alerts applied');
    expect(incidents).toHaveLength(1);
    expect(incidents[0]?.id).toBe(opened?.id);
    const pages = await waitFor('the group paged', async () => ((await pagesOf(opened?.id as string)).length > 0 ? pagesOf(opened?.id as string) : undefined), {
      timeoutMs: 30_000,
      intervalMs: 100,
    });
    expect(new Date(pages[0]?.created_at as Date).getTime()).toBeGreaterThanOrEqual(new Date(opened?.page_after as Date).getTime());
    expect(new Date(opened?.page_after as Date).getTime() - new Date(opened?.first_received_at as Date).getTime()).toBe(8_000);
    await relayed();
    expect(await pagesOf(opened?.id as string)).toHaveLength(1);
  }, 120_000);
});
