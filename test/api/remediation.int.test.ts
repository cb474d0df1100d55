import { WorkflowIdReusePolicy } from '@temporalio/client';
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
  started_by: string | null;
  parameters: Record<string, unknown>;
  steps: Array<{ step_id: string; name: string; type: string; status: string }>;
}

/**
 * Automatic remediation end to end: alert → routing (priority, runbook) in the outbox relay →
 * `remediation:<incident>` workflow → steps against a local system, approvals over the API →
 * the incident resolved through its normal status change, which ends the escalation.
 */
describe('routing rules that start a runbook (integration: real PostgreSQL and Temporal, worker)', () => {
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

  /** An organization whose alerts of one integration route to a policy paging the owner, with a rule naming a runbook. */
  async function organizationWithRunbook(label: string, runbook: { auto_approve: boolean; resolve_incident?: boolean }) {
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
          name: 'Restart the web tier',
          steps: [
            {
              name: 'Check health',
              type: 'http',
              config: { url: `${receiver.url}/${label}/check/{{parameters.incident_id}}`, method: 'GET' },
            },
            {
              name: 'Restart',
              type: 'http',
              config: { url: `${receiver.url}/${label}/restart/{{parameters.incident_id}}`, method: 'POST' },
            },
          ],
        })
        .expect(201)
    ).body.data as { id: string };
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const rule = (
      await stack.http
        .post('/api/v1/routing-rules')
        .set(auth)
        .send({
          name: 'Web tier',
          matchers: `integration="${integration.id}"`,
          escalation_policy_id: policy.id,
          priority: 'P1',
          runbook: { procedure_id: procedure.id, ...runbook },
        })
        .expect(201)
    ).body.data as { id: string; priority: string; runbook: unknown };
    expect(rule.priority).toBe('P1');
    expect(rule.runbook).toEqual({
      procedure_id: procedure.id,
      auto_approve: runbook.auto_approve,
      resolve_incident: runbook.resolve_incident ?? true,
    });
    return { owner, auth, integration, rule, procedure };
  }

  const runsOf = async (auth: Record<string, string>, incidentId: string) =>
    (await stack.http.get(`/api/v1/executions?incident_id=${incidentId}`).set(auth).expect(200)).body.data as Execution[];

  it('waits for approval before the step that changes systems; its success resolves the incident and stops the escalation', async () => {
    const { owner, auth, integration, rule } = await organizationWithRunbook('remediate-approve', { auto_approve: false });
    const incident = await openAlertIncident(stack.http, owner.token, integration, 'web');
    const waiting = await waitFor(
      'the runbook waiting for approval',
      async () => {
        const [run] = await runsOf(auth, incident.id);
        return run?.steps.some((step) => step.type === 'approval' && step.status === 'waiting') ? run : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    expect(waiting).toEqual(expect.objectContaining({ routing_rule_id: rule.id, started_by: null, status: 'waiting' }));
    expect(waiting.parameters).toEqual(expect.objectContaining({ incident_id: incident.id, priority: 'P1' }));
    expect(waiting.steps.map((step) => [step.name, step.status])).toEqual([
      ['Check health', 'succeeded'],
      ['Approve: Restart', 'waiting'],
      ['Restart', 'pending'],
    ]);
    expect(hits(`/remediate-approve/check/${incident.id}`)).toHaveLength(1);
    expect(hits(`/remediate-approve/restart/${incident.id}`)).toHaveLength(0);
    // Paging goes on meanwhile: the owner was paged and the escalation still runs.
    await waitForMail(stack, owner.email, PAGE_SUBJECT);
    await waitFor(
      'the escalation running',
      async () => ((await escalationOf(stack.http, owner.token, incident.id)).running ? true : undefined),
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    const routed = (await stack.http.get(`/api/v1/incidents/${incident.id}`).set(auth).expect(200)).body.data as { priority: string };
    expect(routed.priority).toBe('P1');

    const approval = waiting.steps[1] as Execution['steps'][number];
    const approved = (
      await stack.http
        .patch(`/api/v1/executions/${waiting.id}`)
        .set(auth)
        .send({ step_id: approval.step_id, status: 'succeeded' })
        .expect(200)
    ).body.data as Execution;
    expect(approved.steps[1]?.status).toBe('succeeded');

    const resolved = await waitFor(
      'the incident resolved by its runbook',
      async () => {
        const detail = (await stack.http.get(`/api/v1/incidents/${incident.id}`).set(auth).expect(200)).body.data as {
          status: string;
          timeline: Array<{ type: string; message: string }>;
        };
        return detail.status === 'resolved' ? detail : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    expect(hits(`/remediate-approve/restart/${incident.id}`)).toHaveLength(1);
    const messages = resolved.timeline.map((entry) => entry.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^Routing rule "Web tier" started runbook "Restart the web tier" \(1 step\(s\) that change systems wait for approval\)$/,
        ),
        expect.stringMatching(/^Runbook "Restart the web tier" completed/),
        expect.stringMatching(/^Resolved by runbook "Restart the web tier"/),
      ]),
    );
    const ended = await escalationEnded(stack.http, owner.token, incident.id);
    expect(ended.ended).toBe('resolved');
    expect(await mailsTo(stack, owner.email, PAGE_SUBJECT)).toHaveLength(1);
    expect(await runsOf(auth, incident.id)).toHaveLength(1);
  });

  it('auto-approved: runs at once, once per incident however many alerts reach it; without resolve_incident the incident stays open', async () => {
    const { owner, auth, integration } = await organizationWithRunbook('remediate-auto', { auto_approve: true, resolve_incident: false });
    const first = await openAlertIncident(stack.http, owner.token, integration, 'auto-a');
    const second = await openAlertIncident(stack.http, owner.token, integration, 'auto-b');
    // Alerts again on the first incident (same fingerprint): it stays one incident with one run.
    const host = first.title.match(/(auto-a-[0-9a-f]{8})/)?.[1] as string;
    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(host, 'firing', `${host} is down`)).expect(200);
    for (const incident of [first, second]) {
      const run = await waitFor(
        'the runbook completed',
        async () => {
          const [only] = await runsOf(auth, incident.id);
          return only?.status === 'completed' ? only : undefined;
        },
        { timeoutMs: 60_000, intervalMs: 200 },
      );
      expect(run.steps.map((step) => step.type)).toEqual(['http', 'http']);
      expect(hits(`/remediate-auto/restart/${incident.id}`)).toHaveLength(1);
    }
    // The workflow is keyed by the incident: starting it again is refused, and nothing runs twice.
    await expect(
      stack.temporal.client.workflow.start('remediationWorkflow', {
        taskQueue: stack.temporal.taskQueue,
        workflowId: `remediation:${first.id}`,
        args: [{}],
        workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      }),
    ).rejects.toThrow(/already started/i);
    const alerts = await stack.sql<{ n: number }>('select alert_count as n from incidents where id = ?', [first.id]);
    expect(alerts[0]?.n).toBe(2);
    for (const incident of [first, second]) {
      expect(await runsOf(auth, incident.id)).toHaveLength(1);
      const detail = (await stack.http.get(`/api/v1/incidents/${incident.id}`).set(auth).expect(200)).body.data as { status: string };
      expect(detail.status).toBe('active');
    }
  });
});
