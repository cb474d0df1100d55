import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MockActivityEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { createExecutionActivities } from '../../activities/procedure-execution.activities.ts';
import type { AuthContext } from '../../api/auth-context.ts';
import { createExecutionService } from '../../api/services/execution.service.ts';
import { createProcedureService } from '../../api/services/procedure.service.ts';
import { createSecretBox } from '../../shared/crypto/secret-box.ts';
import { createExecutionStore } from '../../shared/db/access/executions.ts';
import { createOrganizationStore } from '../../shared/db/access/organizations.ts';
import { createProcedureStore } from '../../shared/db/access/procedures.ts';
import { TENANT_FILTER } from '../../shared/db/tenant-filter.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { INCIDENT_ID, ORGANIZATION_ID } from '../../shared/domain/search-attributes.ts';
import { workflowIds } from '../../shared/temporal/ids.ts';
import { WORKFLOWS_PATH } from '../../worker/worker.ts';
import { createApiKey } from '../helpers/api-keys.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

type Step = {
  step_id: string;
  position: number;
  name: string;
  type: string;
  status: string;
  output: unknown;
  notes: string | null;
  actor_id: string | null;
  started_at: string | null;
  completed_at: string | null;
};
type Execution = {
  id: string;
  procedure_id: string;
  procedure_name: string;
  procedure_version: number;
  incident_id: string | null;
  status: string;
  steps: Step[];
  started_by: string;
  started_at: string;
  completed_at: string | null;
  workflow_id: string;
};
type Owner = Awaited<ReturnType<typeof registerOwner>>;

/** A local HTTP receiver: `/status/<code>/<label>` answers <code>; every request is recorded. */
async function startReceiver() {
  const requests: Array<{ method: string; path: string; body: string; headers: IncomingMessage['headers'] }> = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      requests.push({ method: request.method ?? '', path: request.url ?? '', body, headers: request.headers });
      const code = Number(/^\/status\/(\d{3})/.exec(request.url ?? '')?.[1] ?? 200);
      response.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify({ answered: code }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    hits: (path: string) => requests.filter((request) => request.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('procedures and executions (integration: real PostgreSQL + real Temporal + worker)', () => {
  let stack: TestStack;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let owner: Owner;
  const as = (who: Owner) => ({ Authorization: `Bearer ${who.token}` });

  beforeAll(async () => {
    [stack, receiver] = await Promise.all([startTestStack({ worker: true, env: { OUTBOUND_ALLOW_PRIVATE: 'true' } }), startReceiver()]);
    owner = await registerOwner(stack.http, 'runbooks');
  });
  afterAll(async () => {
    await stack?.stop();
    await receiver?.close();
  });

  const createProcedure = async (steps: unknown[], name = `Runbook ${randomUUID().slice(0, 6)}`, who = owner) =>
    (
      await stack.http
        .post('/api/v1/procedures')
        .set(as(who))
        .send({ name, description: 'What to do', tags: ['db'], steps })
        .expect(201)
    ).body.data as {
      id: string;
      name: string;
      version: number;
      steps: Array<{ id: string; position: number; name: string; type: string; config: Record<string, unknown> }>;
    };
  const execute = async (procedureId: string, body: Record<string, unknown> = {}) =>
    (await stack.http.post(`/api/v1/procedures/${procedureId}/execute`).set(as(owner)).send(body).expect(201)).body.data as Execution;
  const getExecution = async (id: string, who = owner) =>
    (await stack.http.get(`/api/v1/executions/${id}`).set(as(who)).expect(200)).body.data as Execution;
  const waitForExecution = (id: string, what: string, done: (execution: Execution) => boolean) =>
    waitFor(
      what,
      async () => {
        const execution = await getExecution(id);
        return done(execution) ? execution : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 100 },
    );
  const waitForStep = (id: string, position: number, status: string) =>
    waitForExecution(id, `step ${position} ${status}`, (execution) => execution.steps[position]?.status === status);
  const patchExecution = (id: string, body: Record<string, unknown>) =>
    stack.http.patch(`/api/v1/executions/${id}`).set(as(owner)).send(body);
  const ms = (timestamp: string | null) => new Date(timestamp as string).getTime();

  it('runs manual, wait, http and approval steps to completion, driven over HTTP, writing the incident timeline', async () => {
    const incident = (await stack.http.post('/api/v1/incidents').set(as(owner)).send({ title: 'Primary database down' }).expect(201)).body
      .data;
    const procedure = await createProcedure([
      { name: 'Acknowledge', type: 'manual', config: { instructions: 'Say you are on it' } },
      { name: 'Let replicas settle', type: 'wait', config: { seconds: 1 } },
      {
        name: 'Fail over',
        type: 'http',
        config: { url: receiver.url('/failover'), method: 'POST', headers: { 'X-Runbook': 'yes' }, body: { cluster: 'main' } },
      },
      { name: 'Sign off', type: 'approval' },
    ]);
    expect(procedure.steps.map((step) => [step.position, step.type])).toEqual([
      [0, 'manual'],
      [1, 'wait'],
      [2, 'http'],
      [3, 'approval'],
    ]);

    const started = await execute(procedure.id, { incident_id: incident.id, parameters: { region: 'eu' } });
    expect(started).toMatchObject({
      procedure_id: procedure.id,
      incident_id: incident.id,
      status: 'pending',
      started_by: owner.user.id,
      workflow_id: workflowIds.execution(started.id),
      completed_at: null,
    });
    expect(started.steps.map((step) => step.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
    // Operators find the run in Temporal UI by organization and incident.
    const described = await stack.temporal.client.workflow.getHandle(started.workflow_id).describe();
    expect(described.type).toBe('procedureExecutionWorkflow');
    expect(described.typedSearchAttributes.get(ORGANIZATION_ID)).toBe(owner.organization.id);
    expect(described.typedSearchAttributes.get(INCIDENT_ID)).toBe(incident.id);

    const waiting = await waitForStep(started.id, 0, 'waiting');
    expect(waiting.status).toBe('waiting');
    const acknowledged = await patchExecution(started.id, {
      step_id: procedure.steps[0]?.id,
      status: 'succeeded',
      notes: 'on it',
      output: { ticket: 'OPS-1' },
    }).expect(200);
    expect(acknowledged.body.data.steps[0]).toMatchObject({
      status: 'succeeded',
      notes: 'on it',
      output: { ticket: 'OPS-1' },
      actor_id: owner.user.id,
    });

    const atApproval = await waitForStep(started.id, 3, 'waiting');
    const [manual, wait, http] = atApproval.steps as [Step, Step, Step];
    expect(wait.status).toBe('succeeded');
    expect(ms(wait.completed_at) - ms(wait.started_at)).toBeGreaterThanOrEqual(1000);
    expect(http).toMatchObject({ status: 'succeeded', output: { status_code: 200, body: { answered: 200 } } });
    const calls = receiver.hits('/failover');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', body: JSON.stringify({ cluster: 'main' }) });
    expect(calls[0]?.headers['x-runbook']).toBe('yes');

    const approved = await patchExecution(started.id, { step_id: procedure.steps[3]?.id, status: 'succeeded' }).expect(200);
    const done = approved.body.data as Execution;
    expect(done.status).toBe('completed');
    expect(done.steps.map((step) => step.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
    // Every step ran after the one before it, and the execution ended with the last.
    for (const [index, step] of done.steps.entries()) {
      expect(ms(step.started_at)).toBeLessThanOrEqual(ms(step.completed_at));
      if (index > 0) expect(ms(done.steps[index - 1]?.completed_at ?? null)).toBeLessThanOrEqual(ms(step.started_at));
    }
    expect(ms(manual.started_at)).toBeGreaterThanOrEqual(ms(started.started_at));
    expect(done.completed_at).toBe(done.steps[3]?.completed_at);

    const timeline = (await stack.http.get(`/api/v1/incidents/${incident.id}`).set(as(owner)).expect(200)).body.data.timeline as Array<{
      type: string;
      message: string;
      data: Record<string, unknown>;
    }>;
    const entries = timeline.filter((entry) => entry.type === 'execution');
    // waiting, succeeded (manual); running, succeeded (wait, http); waiting, completed (approval).
    expect(entries.length).toBe(8);
    expect(entries.every((entry) => entry.data.execution_id === started.id)).toBe(true);
    expect(entries.at(-1)?.message).toContain('completed');

    const events = (await stack.orm.em
      .fork()
      .getConnection()
      .execute(`select data from domain_events where type = 'execution.updated' and organization_id = ? order by id`, [
        owner.organization.id,
      ])) as Array<{ data: { execution: { id: string } } }>;
    const forThis = events.filter((row) => row.data.execution.id === started.id);
    expect(forThis.length).toBe(8);
    expect(forThis.at(-1)?.data).toMatchObject({ organization_id: owner.organization.id, execution: { status: 'completed' } });

    const byIncident = await stack.http.get(`/api/v1/executions?incident_id=${incident.id}&status=completed`).set(as(owner)).expect(200);
    expect(byIncident.body.data.map((execution: Execution) => execution.id)).toEqual([started.id]);
    const byProcedure = await stack.http.get(`/api/v1/executions?procedure_id=${procedure.id}`).set(as(owner)).expect(200);
    expect(byProcedure.body.meta).toMatchObject({ total: 1, limit: 25, offset: 0 });
    expect(
      (await stack.http.get(`/api/v1/executions?status=running&procedure_id=${procedure.id}`).set(as(owner)).expect(200)).body.meta.total,
    ).toBe(0);

    // A progress record applied before (a retried attempt whose commit went through) writes nothing.
    // Progress records make no outbound call: any use of this client fails the test.
    const noHttp = () => Promise.reject(new Error('unexpected outbound call'));
    const { recordExecutionProgress } = createExecutionActivities({
      executions: () => createExecutionStore(stack.orm.em.fork()),
      httpRequest: noHttp,
    });
    await new MockActivityEnvironment().run(recordExecutionProgress, {
      executionId: started.id,
      organizationId: owner.organization.id,
      seq: 8,
      status: 'failed' as const,
      steps: [],
    });
    expect((await getExecution(started.id)).status).toBe('completed');
    const after = await stack.orm.em
      .fork()
      .getConnection()
      .execute(`select count(*)::int as n from domain_events where type = 'execution.updated' and organization_id = ?`, [
        owner.organization.id,
      ]);
    expect(after[0].n).toBe(events.length);

    // The recorded history replays against the current workflow code: it is deterministic.
    const history = await stack.temporal.client.workflow.getHandle(started.workflow_id).fetchHistory();
    await Worker.runReplayHistory({ workflowsPath: WORKFLOWS_PATH }, history);
  });

  it('answers 409 for a step that is not waiting, 422 for an unknown step, and 409 once the execution ended', async () => {
    const procedure = await createProcedure([
      { name: 'First', type: 'manual' },
      { name: 'Second', type: 'manual' },
    ]);
    const execution = await execute(procedure.id);
    await waitForStep(execution.id, 0, 'waiting');
    const early = await patchExecution(execution.id, { step_id: procedure.steps[1]?.id, status: 'succeeded' }).expect(409);
    expect(early.body).toMatchObject({ code: 'CONFLICT', status_code: 409 });
    const unknown = await patchExecution(execution.id, { step_id: randomUUID(), status: 'succeeded' }).expect(404);
    expect(unknown.body).toMatchObject({ code: 'NOT_FOUND', detail: 'step_id: not a step of this execution' });
    expect((await getExecution(execution.id)).steps.map((step) => step.status)).toEqual(['waiting', 'pending']);

    await patchExecution(execution.id, { step_id: procedure.steps[0]?.id, status: 'skipped', notes: 'not needed' }).expect(200);
    // The same step again: it is no longer waiting.
    await patchExecution(execution.id, { step_id: procedure.steps[0]?.id, status: 'succeeded' }).expect(409);
    await waitForStep(execution.id, 1, 'waiting');
    const failed = await patchExecution(execution.id, { step_id: procedure.steps[1]?.id, status: 'failed', notes: 'could not' }).expect(
      200,
    );
    expect(failed.body.data.status).toBe('failed');
    expect(failed.body.data.steps.map((step: Step) => step.status)).toEqual(['skipped', 'failed']);
    await patchExecution(execution.id, { status: 'cancelled' }).expect(409);
    await patchExecution(execution.id, { step_id: procedure.steps[1]?.id, status: 'succeeded' }).expect(409);
  });

  it('cancels an execution waiting for a person or on a timer: it ends cancelled and open steps are skipped', async () => {
    const procedure = await createProcedure([
      { name: 'Look', type: 'manual' },
      { name: 'Pause', type: 'wait', config: { seconds: 3600 } },
      { name: 'Last', type: 'manual' },
    ]);
    const atManual = await execute(procedure.id);
    await waitForStep(atManual.id, 0, 'waiting');
    const cancelled = await patchExecution(atManual.id, { status: 'cancelled' }).expect(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled' });
    expect(cancelled.body.data.completed_at).not.toBeNull();
    expect(cancelled.body.data.steps.map((step: Step) => step.status)).toEqual(['skipped', 'skipped', 'skipped']);
    await patchExecution(atManual.id, { status: 'cancelled' }).expect(409);

    const atTimer = await execute(procedure.id);
    await waitForStep(atTimer.id, 0, 'waiting');
    await patchExecution(atTimer.id, { step_id: procedure.steps[0]?.id, status: 'succeeded' }).expect(200);
    await waitForStep(atTimer.id, 1, 'running');
    const before = Date.now();
    const stopped = await patchExecution(atTimer.id, { status: 'cancelled' }).expect(200);
    expect(Date.now() - before).toBeLessThan(30_000);
    expect(stopped.body.data.status).toBe('cancelled');
    expect(stopped.body.data.steps.map((step: Step) => step.status)).toEqual(['succeeded', 'skipped', 'skipped']);
    const result = await stack.temporal.client.workflow.getHandle(workflowIds.execution(atTimer.id)).result();
    expect(result).toEqual({ status: 'cancelled' });
  });

  it('a failing http step fails the execution and skips the rest: 4xx is not retried, 5xx is tried 3 times', async () => {
    const badPath = `/status/400/${randomUUID()}`;
    const rejected = await execute(
      (
        await createProcedure([
          { name: 'Call', type: 'http', config: { url: receiver.url(badPath), method: 'GET' } },
          { name: 'Then', type: 'manual' },
        ])
      ).id,
    );
    const failed = await waitForExecution(rejected.id, 'failure', (execution) => execution.status === 'failed');
    expect(failed.steps.map((step) => step.status)).toEqual(['failed', 'skipped']);
    expect(failed.steps[0]?.output).toMatchObject({ status_code: 400, body: { answered: 400 } });
    expect(failed.completed_at).not.toBeNull();
    expect(receiver.hits(badPath)).toHaveLength(1);

    const flakyPath = `/status/503/${randomUUID()}`;
    const flaky = await execute((await createProcedure([{ name: 'Call', type: 'http', config: { url: receiver.url(flakyPath) } }])).id);
    const exhausted = await waitForExecution(flaky.id, 'retries exhausted', (execution) => execution.status === 'failed');
    expect(exhausted.steps[0]?.output).toMatchObject({ status_code: 503 });
    expect(receiver.hits(flakyPath)).toHaveLength(3);

    // expected_status turns an answer that is not 2xx into success.
    const accepted = await execute(
      (
        await createProcedure([
          {
            name: 'Expect 404',
            type: 'http',
            config: { url: receiver.url('/status/404/expected'), method: 'DELETE', expected_status: 404 },
          },
        ])
      ).id,
    );
    await waitForExecution(accepted.id, 'completion', (execution) => execution.status === 'completed');
  });

  it('keeps the definition it started with, whatever edits or deletion come later', async () => {
    const procedure = await createProcedure([{ name: 'Old step', type: 'manual' }], 'Original name');
    const execution = await execute(procedure.id);
    await waitForStep(execution.id, 0, 'waiting');
    const edited = await stack.http
      .patch(`/api/v1/procedures/${procedure.id}`)
      .set(as(owner))
      .send({
        name: 'Renamed',
        steps: [
          { name: 'Inserted', type: 'wait', config: { seconds: 5 } },
          { id: procedure.steps[0]?.id, name: 'Renamed step', type: 'manual' },
        ],
      })
      .expect(200);
    expect(edited.body.data).toMatchObject({ name: 'Renamed', version: 2 });
    expect(
      edited.body.data.steps.map((step: { id: string; position: number }) => [step.position, step.id === procedure.steps[0]?.id]),
    ).toEqual([
      [0, false],
      [1, true],
    ]);

    const unchanged = await getExecution(execution.id);
    expect(unchanged).toMatchObject({ procedure_name: 'Original name', procedure_version: 1 });
    expect(unchanged.steps.map((step) => step.name)).toEqual(['Old step']);
    await stack.http.delete(`/api/v1/procedures/${procedure.id}`).set(as(owner)).expect(204);
    await stack.http.get(`/api/v1/procedures/${procedure.id}`).set(as(owner)).expect(404);
    const done = await patchExecution(execution.id, { step_id: procedure.steps[0]?.id, status: 'succeeded' }).expect(200);
    expect(done.body.data.status).toBe('completed');
    expect(done.body.data.steps.map((step: Step) => step.name)).toEqual(['Old step']);
  });

  it('resumes at the same step after the worker restarts while a manual step waits', async () => {
    const before = `/restart-before/${randomUUID()}`;
    const after = `/restart-after/${randomUUID()}`;
    const procedure = await createProcedure([
      { name: 'Snapshot', type: 'http', config: { url: receiver.url(before) } },
      { name: 'Check by hand', type: 'manual' },
      { name: 'Notify', type: 'http', config: { url: receiver.url(after) } },
    ]);
    const execution = await execute(procedure.id);
    const unanswered = await execute((await createProcedure([{ name: 'Anyone?', type: 'manual' }])).id);
    await waitForStep(execution.id, 1, 'waiting');
    await waitForStep(unanswered.id, 0, 'waiting');
    await stack.stopWorker();
    try {
      expect((await getExecution(execution.id)).steps.map((step) => step.status)).toEqual(['succeeded', 'waiting', 'pending']);
      // With no worker, an update is not answered: the API gives up after its deadline with a 503.
      const em = stack.orm.em.fork();
      em.setFilterParams(TENANT_FILTER, { organizationId: owner.organization.id });
      const service = createExecutionService({
        executions: () => createExecutionStore(em),
        organizations: () => createOrganizationStore(em),
        temporal: stack.temporal,
        procedures: createProcedureService({ procedures: () => createProcedureStore(em), secretBox: createSecretBox('x'.repeat(32)) }),
        updateTimeoutMs: 1500,
      });
      const auth = {
        kind: 'user',
        organizationId: owner.organization.id,
        userId: owner.user.id,
        apiKeyId: null,
        role: 'owner',
        permissions: ['*'],
        tokenId: null,
        tokenExpiresAt: null,
      } satisfies AuthContext;
      await expect(service.update(auth, unanswered.id, { status: 'cancelled' })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      await stack.startWorker();
    }
    const resumed = await patchExecution(execution.id, { step_id: procedure.steps[1]?.id, status: 'succeeded' }).expect(200);
    expect(resumed.body.data.steps[1].status).toBe('succeeded');
    const done = await waitForExecution(execution.id, 'completion after restart', (current) => current.status === 'completed');
    expect(done.steps.map((step) => step.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    // The step before the restart ran once: the workflow resumed, it did not start over.
    expect(receiver.hits(before)).toHaveLength(1);
    expect(receiver.hits(after)).toHaveLength(1);
  });

  it("hides one organization's procedures and executions from another (404), and checks permissions", async () => {
    const procedure = await createProcedure([{ name: 'Mine', type: 'manual' }]);
    const execution = await execute(procedure.id);
    const other = await registerOwner(stack.http, 'other');
    await stack.http.get(`/api/v1/procedures/${procedure.id}`).set(as(other)).expect(404);
    await stack.http.patch(`/api/v1/procedures/${procedure.id}`).set(as(other)).send({ name: 'x' }).expect(404);
    await stack.http.delete(`/api/v1/procedures/${procedure.id}`).set(as(other)).expect(404);
    await stack.http.post(`/api/v1/procedures/${procedure.id}/execute`).set(as(other)).send({}).expect(404);
    await stack.http.get(`/api/v1/executions/${execution.id}`).set(as(other)).expect(404);
    await stack.http.patch(`/api/v1/executions/${execution.id}`).set(as(other)).send({ status: 'cancelled' }).expect(404);
    expect((await stack.http.get('/api/v1/procedures').set(as(other)).expect(200)).body.meta.total).toBe(0);
    expect((await stack.http.get('/api/v1/executions').set(as(other)).expect(200)).body.meta.total).toBe(0);
    // Another organization's incident cannot be tied to an execution.
    const foreignIncident = (await stack.http.post('/api/v1/incidents').set(as(other)).send({ title: 'Theirs' }).expect(201)).body.data;
    const tied = await stack.http
      .post(`/api/v1/procedures/${procedure.id}/execute`)
      .set(as(owner))
      .send({ incident_id: foreignIncident.id })
      .expect(404);
    expect(tied.body).toMatchObject({ code: 'NOT_FOUND', detail: 'incident_id: no such incident in this organization' });

    const key = (await createApiKey(stack.http, owner.token, { name: 'read only', permissions: ['procedures:read', 'executions:read'] }))
      .api_key;
    await stack.http.get(`/api/v1/executions/${execution.id}`).set('X-API-Key', key).expect(200);
    const denied = await stack.http
      .patch(`/api/v1/executions/${execution.id}`)
      .set('X-API-Key', key)
      .send({ status: 'cancelled' })
      .expect(403);
    expect(denied.body.code).toBe('INSUFFICIENT_PERMISSIONS');
    await stack.http.post(`/api/v1/procedures/${procedure.id}/execute`).set('X-API-Key', key).send({}).expect(403);
    await stack.http.post('/api/v1/procedures').set('X-API-Key', key).send({ name: 'x', steps: [] }).expect(403);
    await patchExecution(execution.id, { status: 'cancelled' }).expect(200);
  });

  it('validates step configs against their type, with field paths (422)', async () => {
    const response = await stack.http
      .post('/api/v1/procedures')
      .set(as(owner))
      .send({
        name: 'Broken',
        steps: [
          { name: 'Too long', type: 'wait', config: { seconds: 86_401 } },
          { name: 'Not http', type: 'http', config: { url: 'file:///etc/passwd' } },
          { name: 'Unknown', type: 'script', config: {} },
          { name: 'Typo', type: 'wait', config: { second: 5 } },
          { name: 'Bad status', type: 'http', config: { url: 'https://example.test/hook', expected_status: 42 } },
        ],
      })
      .expect(422);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    const paths = (response.body.errors as Array<{ path: string }>).map((error) => error.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'body.steps.0.config.seconds',
        'body.steps.1.config.url',
        'body.steps.2.type',
        'body.steps.3.config.seconds',
        'body.steps.4.config.expected_status',
      ]),
    );
    await stack.http
      .post('/api/v1/procedures')
      .set(as(owner))
      .send({ name: 'No seconds', steps: [{ name: 'w', type: 'wait', config: { seconds: 0 } }] })
      .expect(422);
    expect((await stack.http.get('/api/v1/procedures?tag=never').set(as(owner)).expect(200)).body.meta.total).toBe(0);
    const procedure = await createProcedure([{ name: 'Fine', type: 'manual' }]);
    const tagged = (await stack.http.get('/api/v1/procedures?tag=db&limit=100').set(as(owner)).expect(200)).body.data as Array<{
      id: string;
    }>;
    expect(tagged.map((item) => item.id)).toContain(procedure.id);
    const unknownStep = await stack.http
      .patch(`/api/v1/procedures/${procedure.id}`)
      .set(as(owner))
      .send({ steps: [{ id: randomUUID(), name: 'x', type: 'manual' }] })
      .expect(404);
    expect(unknownStep.body).toMatchObject({ code: 'NOT_FOUND', detail: 'steps.0.id: not a step of this procedure' });
    await stack.http.patch(`/api/v1/executions/${randomUUID()}`).set(as(owner)).send({ status: 'done' }).expect(422);
  });

  it("describes the routes in /openapi.json with their permissions' error answers", async () => {
    const { body } = await stack.http.get('/openapi.json').expect(200);
    const paths = body.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    expect(Object.keys(paths['/api/v1/procedures'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/v1/procedures/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'patch']);
    expect(paths['/api/v1/procedures/{id}/execute']?.post?.responses).toHaveProperty('201');
    expect(paths['/api/v1/executions/{id}']?.patch?.responses).toHaveProperty('409');
    expect(body.components.schemas).toHaveProperty('Execution');
  });
});
