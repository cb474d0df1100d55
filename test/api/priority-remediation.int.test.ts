import { waitFor } from '../../dev/wait-for.ts';
import { escalationEnded, escalationOf, PAGE_SUBJECT } from '../helpers/escalation.ts';
import { bearer } from '../helpers/members.ts';
import { mailsTo, waitForMail } from '../helpers/outbox.ts';
import { startReceiver } from '../helpers/receiver.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { alertmanagerBody, createIntegration, openAlertIncident, postSigned } from '../helpers/webhooks.ts';

interface Execution {
  id: string;
  status: string;
  routing_rule_id: string | null;
  priority_runbook: string | null;
  started_by: string | null;
  steps: Array<{ step_id: string; name: string; type: string; status: string }>;
}

interface IncidentDetail {
  status: string;
  priority: string | null;
  timeline: Array<{ type: string; message: string }>;
}

/**
 * Runbooks a priority starts, end to end: `/priority-runbooks` → the outbox relay (on `incident.created`,
 * and on a priority set by hand) → `remediation:<incident>` → steps against a local system; and the
 * run cancelled when the incident is resolved by hand (Temporal cancellation, steps cancelled, timeline).
 */
describe('runbooks started by an incident’s priority (integration: real PostgreSQL and Temporal, worker)', () => {
  let stack: TestStack;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    [stack, receiver] = await Promise.all([startTestStack({ worker: true, env: { OUTBOUND_ALLOW_PRIVATE: 'true' } }), startReceiver()]);
  });
  afterAll(async () => {
    await stack?.stop();
    await receiver?.close();
  });
  /** The requests the runbooks made to one path of the local system. */
  const hits = (path: string) => receiver.requests.filter((request) => request.url === path);

  /** An organization paging its owner, with a P1 runbook that restarts something (an http POST). */
  async function organizationWithP1Runbook(label: string, runbook: { auto_approve: boolean; resolve_incident: boolean }) {
    const owner = await registerOwner(stack.http, label);
    const auth = bearer(owner.token);
    const policy = (
      await stack.http
        .post('/api/v1/escalation-policies')
        .set(auth)
        .send({
          name: 'Primary',
          levels: [
            { targets: [{ type: 'user', id: owner.user.id }], delay_minutes: 60 },
            { targets: [{ type: 'user', id: owner.user.id }], delay_minutes: 60 },
          ],
        })
        .expect(201)
    ).body.data as { id: string };
    const procedure = (
      await stack.http
        .post('/api/v1/procedures')
        .set(auth)
        .send({
          name: 'Fail over the database',
          steps: [
            {
              name: 'Fail over',
              type: 'http',
              config: { url: `${receiver.url}/${label}/failover/{{parameters.incident_id}}`, method: 'POST' },
            },
          ],
        })
        .expect(201)
    ).body.data as { id: string };
    await stack.http
      .put('/api/v1/priority-runbooks/P1')
      .set(auth)
      .send({ procedure_id: procedure.id, ...runbook })
      .expect(200);
    return { owner, auth, policy };
  }

  const runsOf = async (auth: Record<string, string>, incidentId: string) =>
    (await stack.http.get(`/api/v1/executions?incident_id=${incidentId}`).set(auth).expect(200)).body.data as Execution[];
  const detailOf = async (auth: Record<string, string>, incidentId: string) =>
    (await stack.http.get(`/api/v1/incidents/${incidentId}`).set(auth).expect(200)).body.data as IncidentDetail;

  it('an incident its routing rule opens as P1 runs the P1 runbook once; one without a priority runs nothing', async () => {
    const { owner, auth, policy } = await organizationWithP1Runbook('priority-open', { auto_approve: true, resolve_incident: false });
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    // The rule sets the priority and names no runbook of its own: the priority's runs.
    await stack.http
      .post('/api/v1/routing-rules')
      .set(auth)
      .send({
        name: 'Database',
        matchers: `integration="${integration.id}"`,
        escalation_policy_id: policy.id,
        priority: 'P1',
      })
      .expect(201);
    const p1 = await openAlertIncident(stack.http, owner.token, integration, 'db');
    const run = await waitFor(
      'the P1 runbook completed',
      async () => {
        const [only] = await runsOf(auth, p1.id);
        return only?.status === 'completed' ? only : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    expect(run).toEqual(expect.objectContaining({ priority_runbook: 'P1', routing_rule_id: null, started_by: null }));
    expect(hits(`/priority-open/failover/${p1.id}`)).toHaveLength(1);
    // The same alert again reaches the same incident: no second run.
    const host = p1.title.match(/(db-[0-9a-f]{8})/)?.[1] as string;
    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(host, 'firing', `${host} is down`)).expect(200);
    await waitFor(
      'the second alert on the incident',
      async () =>
        (await stack.sql<{ n: number }>('select alert_count as n from incidents where id = ?', [p1.id]))[0]?.n === 2 ? true : undefined,
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    const detail = await detailOf(auth, p1.id);
    expect(detail).toEqual(expect.objectContaining({ priority: 'P1', status: 'active' }));
    expect(detail.timeline.map((entry) => entry.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Priority P1 started runbook "Fail over the database"$/)]),
    );

    // Another integration's alert routes by no rule: no priority, so no run once the relay has dispatched its events.
    const other = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const unprioritized = await openAlertIncident(stack.http, owner.token, other, 'web');
    await waitFor(
      'the relay done with the unprioritized incident',
      async () =>
        (
          await stack.sql<{ n: number }>('select count(*)::int as n from domain_events where incident_id = ? and dispatched_at is null', [
            unprioritized.id,
          ])
        )[0]?.n === 0
          ? true
          : undefined,
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    expect((await detailOf(auth, unprioritized.id)).priority).toBeNull();
    expect(await runsOf(auth, unprioritized.id)).toEqual([]);
    expect(await runsOf(auth, p1.id)).toHaveLength(1);
    expect(hits(`/priority-open/failover/${p1.id}`)).toHaveLength(1);
  });

  it('raising an incident to P1 by hand starts the runbook; resolving it by hand while it waits for approval cancels the run', async () => {
    const { owner, auth, policy } = await organizationWithP1Runbook('priority-raise', { auto_approve: false, resolve_incident: true });
    const incident = (
      await stack.http
        .post('/api/v1/incidents')
        .set(auth)
        .send({ title: 'Replication lag', escalation_policy_id: policy.id, priority: 'P3' })
        .expect(201)
    ).body.data as { id: string };
    await waitForMail(stack, owner.email, PAGE_SUBJECT);
    expect(await runsOf(auth, incident.id)).toEqual([]);

    await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(auth).send({ priority: 'P1' }).expect(200);
    const waiting = await waitFor(
      'the P1 runbook waiting for approval',
      async () => {
        const [run] = await runsOf(auth, incident.id);
        return run?.steps.some((step) => step.type === 'approval' && step.status === 'waiting') ? run : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    expect(waiting).toEqual(expect.objectContaining({ priority_runbook: 'P1', routing_rule_id: null, status: 'waiting' }));
    expect(waiting.steps.map((step) => [step.name, step.status])).toEqual([
      ['Approve: Fail over', 'waiting'],
      ['Fail over', 'pending'],
    ]);
    // Setting it to P1 again (through P2) starts nothing more.
    await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(auth).send({ priority: 'P2' }).expect(200);
    await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(auth).send({ priority: 'P1' }).expect(200);

    expect((await escalationOf(stack.http, owner.token, incident.id)).running).toBe(true);
    await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(auth).send({ status: 'resolved' }).expect(200);
    const cancelled = await waitFor(
      'the run cancelled',
      async () => {
        const [run] = await runsOf(auth, incident.id);
        return run?.status === 'cancelled' ? run : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    expect(cancelled.steps.map((step) => [step.name, step.status])).toEqual([
      ['Approve: Fail over', 'skipped'],
      ['Fail over', 'skipped'],
    ]);
    // The approval is no longer actionable, and nothing ran against the system.
    const approval = await stack.http
      .patch(`/api/v1/executions/${cancelled.id}`)
      .set(auth)
      .send({ step_id: waiting.steps[0]?.step_id, status: 'succeeded' })
      .expect(409);
    expect(approval.body.code).toBe('CONFLICT');
    expect(hits(`/priority-raise/failover/${incident.id}`)).toHaveLength(0);
    // The run's row says cancelled a workflow task before the workflow itself closes.
    const closed = await waitFor(
      'the remediation workflow closed',
      async () => {
        const description = await stack.temporal.client.workflow.getHandle(`remediation:${incident.id}`).describe();
        return description.status.name === 'RUNNING' ? undefined : description;
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    expect(closed.status.name).toBe('CANCELLED');

    const detail = await waitFor(
      'the cancellation on the timeline',
      async () => {
        const current = await detailOf(auth, incident.id);
        return current.timeline.some((entry) =>
          entry.message.startsWith('Runbook "Fail over the database" cancelled: the incident was resolved'),
        )
          ? current
          : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    expect(detail.status).toBe('resolved');
    expect(detail.timeline.map((entry) => entry.message)).toEqual(
      expect.arrayContaining([
        'Priority P1 started runbook "Fail over the database" (1 step(s) that change systems wait for approval)',
        expect.stringMatching(
          /^Runbook "Fail over the database" cancelled: the incident was resolved another way by .+; its pending approvals are withdrawn$/,
        ),
      ]),
    );
    // Paging stays stopped: the escalation ended as resolved, one page in all, still one run.
    expect((await escalationEnded(stack.http, owner.token, incident.id)).ended).toBe('resolved');
    expect(await mailsTo(stack, owner.email, PAGE_SUBJECT)).toHaveLength(1);
    expect(await runsOf(auth, incident.id)).toHaveLength(1);
  });
});
