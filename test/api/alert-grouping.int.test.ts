import { randomUUID } from 'node:crypto';
import { waitFor } from '../../dev/wait-for.ts';
import { createLevelsPolicy, escalationOf, PAGE_SUBJECT } from '../helpers/escalation.ts';
import { bearer } from '../helpers/members.ts';
import { mailsTo, outboxRelayed } from '../helpers/outbox.ts';
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
    stack.sql<{ created_at: Date; cycle: number }>('select created_at, cycle from pages where incident_id = ? order by created_at', [
      incidentId,
    ]);
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
  const relayed = () => outboxRelayed(stack);

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
    await postSigned(
      stack.http,
      'metrics_alerts',
      integration,
      alertsBody([{ fingerprint: `us-${randomUUID()}`, labels: { cluster: 'us-1' } }]),
    ).expect(200);

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
    // (The alert that opened it was in the first batch, within milliseconds of the first received.)
    expect(pageAfter - new Date(eu.first_received_at).getTime()).toBeGreaterThanOrEqual(3_000);
    expect(pageAfter - new Date(eu.first_received_at).getTime()).toBeLessThan(4_000);
    expect(new Date(page?.created_at as Date).getTime()).toBeGreaterThanOrEqual(pageAfter);

    // Past group_interval: a new fingerprint of the group joins the open incident and pages no one.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await postSigned(
      stack.http,
      'metrics_alerts',
      integration,
      alertsBody([{ fingerprint: `late-${randomUUID()}`, labels: { cluster: 'eu-1' } }]),
    ).expect(200);
    await waitForIncidents(integration.id, (rows) => rows.some((row) => row.alert_count === 201), 'the late alert joined');
    await relayed();
    expect(await incidentsOf(integration.id)).toHaveLength(2);
    expect(await pagesOf(eu.id)).toHaveLength(1);
    // One page per group: the mails reach Mailpit a moment after their pages are recorded.
    await waitFor(
      'both groups’ page mails',
      async () => ((await mailsTo(stack, owner.email, PAGE_SUBJECT)).length >= 2 ? true : undefined),
      {
        timeoutMs: 30_000,
        intervalMs: 100,
      },
    );
    expect(await mailsTo(stack, owner.email, PAGE_SUBJECT)).toHaveLength(2);
    // Joined alerts are announced (incident.updated), at most once per group_interval, the late one included; never paged.
    const [late] = await stack.sql<{ id: string }>(
      `select a.id from alerts a where a.incident_id = ? order by a.received_at desc limit 1`,
      [eu.id],
    );
    const announcements = await stack.sql<{ created_at: Date; alert_ids: string[] }>(
      `select created_at, data->'alert_ids' as alert_ids from domain_events
       where incident_id = ? and type = 'incident.updated' and data->>'joined_alerts' is not null order by created_at`,
      [eu.id],
    );
    expect(announcements.at(-1)?.alert_ids).toContain(late?.id);
    const gaps = announcements
      .slice(1)
      .map((entry, index) => new Date(entry.created_at).getTime() - new Date(announcements[index]?.created_at as Date).getTime());
    expect(gaps.every((gap) => gap >= 950)).toBe(true);
  }, 120_000);

  it('a worker restarted during group_wait still opens one incident and pages once', async () => {
    const integration = await integrationWith({ grouping: { group_by: ['cluster'], group_wait_seconds: 8, group_interval_seconds: 300 } });
    const alert = (index: number) => ({ fingerprint: `r-${index}-${randomUUID().slice(0, 6)}`, labels: { cluster: 'restart-1' } });
    await postSigned(stack.http, 'metrics_alerts', integration, alertsBody(Array.from({ length: 50 }, (_, index) => alert(index)))).expect(
      200,
    );
    const [opened] = await waitForIncidents(integration.id, (rows) => rows.length === 1, 'the group opened');
    // During group_wait the escalation is a delayed start: no task has run, and the API answers where it stands.
    const waiting = await waitFor(
      'the escalation waiting for group_wait',
      async () => {
        const state = await escalationOf(stack.http, owner.token, opened?.id as string);
        return state.running ? state : undefined;
      },
      { timeoutMs: 6_000, intervalMs: 100 },
    );
    expect(waiting).toMatchObject({ level: null, round: null, ended: null, pages: [] });
    expect(Math.abs(Date.parse(waiting.next_escalation_at as string) - new Date(opened?.page_after as Date).getTime())).toBeLessThan(2_000);
    await stack.stopWorker();
    // Signalled while no worker runs: they wait in Temporal.
    await postSigned(
      stack.http,
      'metrics_alerts',
      integration,
      alertsBody(Array.from({ length: 50 }, (_, index) => alert(50 + index))),
    ).expect(200);
    await stack.startWorker();
    const incidents = await waitForIncidents(integration.id, (rows) => rows[0]?.alert_count === 100, 'all 100 alerts applied');
    expect(incidents).toHaveLength(1);
    expect(incidents[0]?.id).toBe(opened?.id);
    const pages = await waitFor(
      'the group paged',
      async () => ((await pagesOf(opened?.id as string)).length > 0 ? pagesOf(opened?.id as string) : undefined),
      {
        timeoutMs: 30_000,
        intervalMs: 100,
      },
    );
    expect(new Date(pages[0]?.created_at as Date).getTime()).toBeGreaterThanOrEqual(new Date(opened?.page_after as Date).getTime());
    expect(new Date(opened?.page_after as Date).getTime() - new Date(opened?.first_received_at as Date).getTime()).toBeGreaterThanOrEqual(
      8_000,
    );
    await relayed();
    expect(await pagesOf(opened?.id as string)).toHaveLength(1);
  }, 120_000);

  it('"escalate now" during group_wait pages level 1 at once; level 2 still waits its delay', async () => {
    const twoLevels = await createLevelsPolicy(stack.http, owner.token, 'Owner twice', [owner.user.id, owner.user.id], 30);
    const integration = await integrationWith({
      escalation_policy_id: twoLevels,
      grouping: { group_by: ['cluster'], group_wait_seconds: 600, group_interval_seconds: 300 },
    });
    await postSigned(
      stack.http,
      'metrics_alerts',
      integration,
      alertsBody([{ fingerprint: `now-${randomUUID()}`, labels: { cluster: 'now-1' } }]),
    ).expect(200);
    const [opened] = await waitForIncidents(integration.id, (rows) => rows.length === 1, 'the group opened');
    const id = opened?.id as string;
    await waitFor(
      'the escalation waiting for group_wait',
      async () => ((await escalationOf(stack.http, owner.token, id)).running ? true : undefined),
      {
        timeoutMs: 20_000,
        intervalMs: 100,
      },
    );
    await stack.http.post(`/api/v1/incidents/${id}/escalate`).set(bearer(owner.token)).expect(202);
    // Waiting for group_wait, the escalation already shows a due time: only a recorded page tells
    // that the signal was handled.
    const after = await waitFor(
      'a level paged',
      async () => {
        const state = await escalationOf(stack.http, owner.token, id);
        return (state.level ?? 0) >= 1 && state.pages.length > 0 && (state.next_escalation_at || state.level === 2) ? state : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    expect(after).toMatchObject({ level: 1, round: 1, ended: null, running: true });
    expect(after.pages.map(({ level }) => level)).toEqual([1]);
    // Level 1 went out now, not at the end of group_wait ten minutes away; level 2 is its delay after.
    const paged = Date.parse(after.pages[0]?.created_at as string);
    expect(paged).toBeLessThan(new Date(opened?.page_after as Date).getTime() - 60_000);
    expect(Date.parse(after.next_escalation_at as string) - paged).toBeGreaterThan(29 * 60_000);
  }, 120_000);

  // Matchers see the normalized severity (as silences and routing do): Alertmanager's `warning` label is `high`.
  it('a firing critical inhibits warnings of its cluster; resolving it lets a still-firing warning open its incident', async () => {
    const integration = await integrationWith({});
    const rule = await stack.http
      .post('/api/v1/inhibition-rules')
      .set(bearer(owner.token))
      .send({
        name: 'critical mutes warnings',
        source_matchers: 'severity="critical"',
        target_matchers: ['severity="high"'],
        equal: ['cluster'],
      })
      .expect(201);
    expect(rule.body.data).toMatchObject({
      source_matchers: ['severity="critical"'],
      target_matchers: ['severity="high"'],
      equal: ['cluster'],
    });
    const refused = await stack.http
      .post('/api/v1/inhibition-rules')
      .set(bearer(owner.token))
      .send({ name: 'bad', source_matchers: 'severity=~"(("', target_matchers: 'a="b"' })
      .expect(422);
    expect(refused.body.code).toBe('VALIDATION_ERROR');

    const critical = { fingerprint: `crit-${randomUUID()}`, labels: { cluster: 'inh-1', severity: 'critical' } };
    const warning = { fingerprint: `warn-${randomUUID()}`, labels: { cluster: 'inh-1', severity: 'warning' } };
    const elsewhere = { fingerprint: `warn-us-${randomUUID()}`, labels: { cluster: 'inh-2', severity: 'warning' } };
    await postSigned(stack.http, 'metrics_alerts', integration, alertsBody([critical])).expect(200);
    await waitForIncidents(integration.id, (rows) => rows.length === 1, 'the critical opened its incident');
    await postSigned(stack.http, 'metrics_alerts', integration, alertsBody([warning, elsewhere])).expect(200);
    const inhibited = await waitFor(
      'the warning stored as inhibited',
      async () => {
        const rows = await stack.sql<{ silenced_by: string | null; silenced_kind: string | null; incident_id: string | null }>(
          'select silenced_by, silenced_kind, incident_id from alerts where dedup_key = ?',
          [warning.fingerprint],
        );
        return rows.length > 0 ? rows : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    expect(inhibited).toEqual([{ silenced_by: rule.body.data.id, silenced_kind: 'inhibition', incident_id: null }]);
    // The warning of another cluster is not inhibited.
    const opened = await waitForIncidents(integration.id, (rows) => rows.length === 2, 'the other cluster opened its incident');
    expect(opened).toHaveLength(2);

    await postSigned(stack.http, 'metrics_alerts', integration, alertsBody([critical], 'resolved')).expect(200);
    const released = await waitForIncidents(integration.id, (rows) => rows.length === 3, 'the warning opened its incident');
    const [warningIncident] = await stack.sql<{ id: string; fingerprint: string; status: string }>(
      'select id, fingerprint, status from incidents where fingerprint = ?',
      [warning.fingerprint],
    );
    expect(warningIncident?.status).toBe('active');
    expect(released.filter((row) => row.status === 'resolved')).toHaveLength(1);
    const [stored] = await stack.sql<{ silenced_kind: string | null; incident_id: string | null }>(
      'select silenced_kind, incident_id from alerts where dedup_key = ?',
      [warning.fingerprint],
    );
    expect(stored).toEqual({ silenced_kind: null, incident_id: warningIncident?.id });
  }, 120_000);

  it('an incident reopened more often than the threshold is flapping and pages once per flapping period', async () => {
    const integration = await integrationWith({ flapping: { threshold: 2, window_minutes: 30 } });
    const alert = { fingerprint: `flap-${randomUUID()}`, labels: { cluster: 'flap-1', severity: 'critical' } };
    const cycleActive = (cycle: number) =>
      waitForIncidents(integration.id, (rows) => rows[0]?.status === 'active' && rows[0].escalation_cycle === cycle, `cycle ${cycle} open`);
    const resolve = async () => {
      await postSigned(stack.http, 'metrics_alerts', integration, alertsBody([alert], 'resolved')).expect(200);
      await waitForIncidents(integration.id, (rows) => rows[0]?.status === 'resolved', 'resolved');
    };
    const pagedCycles = async (incidentId: string, count: number) =>
      waitFor(
        'pages',
        async () => {
          const pages = await pagesOf(incidentId);
          return pages.length >= count ? pages.map((page) => page.cycle) : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 100 },
      );
    // Opened, then reopened four times: the third reopening (more than 2) starts flapping and pages; the fourth does not.
    await postSigned(stack.http, 'metrics_alerts', integration, alertsBody([alert])).expect(200);
    const [incident] = await cycleActive(1);
    for (let cycle = 2; cycle <= 5; cycle += 1) {
      // Each paging cycle is paged before the alert resolves it (a resolve first would end it unpaged).
      await pagedCycles(incident?.id as string, Math.min(cycle - 1, 4));
      await resolve();
      await postSigned(stack.http, 'metrics_alerts', integration, alertsBody([alert])).expect(200);
      await cycleActive(cycle);
    }
    await pagedCycles(incident?.id as string, 4);
    await relayed();
    expect((await pagesOf(incident?.id as string)).map((page) => page.cycle)).toEqual([1, 2, 3, 4]);
    const rows = await incidentsOf(integration.id);
    expect(rows).toHaveLength(1);
    const [flapping] = await stack.sql<{ flapping_since: Date | null }>('select flapping_since from incidents where id = ?', [
      incident?.id,
    ]);
    expect(flapping?.flapping_since).not.toBeNull();
  }, 120_000);

  it('ungrouping an alert key moves its alerts to an incident of their own, where its later alerts go', async () => {
    const integration = await integrationWith({ grouping: { group_by: ['cluster'], group_wait_seconds: 0, group_interval_seconds: 300 } });
    const [first, second] = [`ug-a-${randomUUID()}`, `ug-b-${randomUUID()}`].map((fingerprint) => ({
      fingerprint,
      labels: { cluster: 'ug-1' },
    }));
    await postSigned(
      stack.http,
      'metrics_alerts',
      integration,
      alertsBody([first as { fingerprint: string; labels: Labels }, second as { fingerprint: string; labels: Labels }]),
    ).expect(200);
    const [group] = await waitForIncidents(integration.id, (rows) => rows[0]?.alert_count === 2, 'the group holds both');
    const path = (key: string) => `/api/v1/incidents/${group?.id}/alerts/${encodeURIComponent(key)}/ungroup`;
    const moved = (
      await stack.http
        .post(path(second?.fingerprint as string))
        .set(bearer(owner.token))
        .expect(201)
    ).body.data;
    expect(moved).toMatchObject({ from_incident_id: group?.id, dedup_key: second?.fingerprint, alert_count: 1 });
    // The last key cannot leave: nothing would be left to group.
    expect(
      (
        await stack.http
          .post(path(first?.fingerprint as string))
          .set(bearer(owner.token))
          .expect(409)
      ).body.code,
    ).toBe('CONFLICT');
    await postSigned(stack.http, 'metrics_alerts', integration, alertsBody([second as { fingerprint: string; labels: Labels }])).expect(
      200,
    );
    const rows = await waitForIncidents(
      integration.id,
      (list) => list.some((row) => row.id === moved.incident_id && row.alert_count === 2),
      'the key joined its own incident',
    );
    expect(rows.find((row) => row.id === group?.id)?.alert_count).toBe(1);
  }, 120_000);
});
