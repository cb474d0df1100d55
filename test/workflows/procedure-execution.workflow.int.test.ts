import { randomUUID } from 'node:crypto';
import { WorkflowUpdateFailedError, WorkflowUpdateStage, type WorkflowHandle } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { waitFor } from '../../dev/wait-for.ts';
import type { ExecutionProgress, ProcedureExecutionInput, StepDefinition, StepState, StepType } from '../../shared/domain/procedure.ts';
import type { procedureExecutionWorkflow } from '../../workflows/procedure-execution.workflow.ts';
import { cancelExecutionUpdate, completeStepUpdate } from '../../workflows/messages.ts';
import { startWorkflowTestEnv, type ActivityMocks, type WorkflowTestEnv } from '../helpers/workflow-env.ts';

type Execution = WorkflowHandle<typeof procedureExecutionWorkflow>;

const ORG = randomUUID();
const step = (type: StepType, config: Record<string, unknown> = {}): StepDefinition => ({
  id: randomUUID(),
  position: 0,
  name: type,
  description: null,
  type,
  config,
});
const http = () => step('http', { url: 'https://hooks.example.test/run' });

/** recordExecutionProgress (the database port) as a list of what the workflow persisted; `hold` may delay a write. */
function progressLog(hold: (progress: ExecutionProgress) => Promise<void> = async () => {}) {
  const records: ExecutionProgress[] = [];
  const recordExecutionProgress: NonNullable<ActivityMocks['recordExecutionProgress']> = async (progress) => {
    await hold(progress);
    // Idempotent by `seq`, as the real write is: a held local attempt that timed out and was tried
    // again (or taken over by the regular activity) still lands once.
    if (!records.some((record) => record.seq === progress.seq)) records.push(progress);
  };
  /** Each record as `seq status step:status ...`, with the steps named by their type. */
  const summary = (steps: StepDefinition[]) =>
    records.map((record) =>
      [
        record.seq,
        record.status,
        ...record.steps.map((state) => `${steps.find((candidate) => candidate.id === state.stepId)?.type}:${state.status}`),
      ].join(' '),
    );
  return { records, recordExecutionProgress, summary };
}

async function refusalOf(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof WorkflowUpdateFailedError)) throw new Error(`expected a refused update, got ${String(error)}`);
  return error.cause instanceof ApplicationFailure ? (error.cause.type ?? undefined) : undefined;
}

/** The answer of an http step that failed as runHttpStep reports an unexpected status. */
const unexpectedStatus = (nonRetryable: boolean) =>
  ApplicationFailure.create({
    message: 'POST https://hooks.example.test/run answered 503, expected 2xx',
    type: 'HttpStepUnexpectedStatus',
    nonRetryable,
    details: [{ status_code: 503, body: 'busy' }],
  });

describe('procedureExecutionWorkflow (real Temporal, modelled activities)', () => {
  let wf: WorkflowTestEnv;
  beforeAll(async () => {
    wf = await startWorkflowTestEnv();
  });
  afterAll(async () => {
    await wf?.teardown();
  });

  const start = (taskQueue: string, steps: StepDefinition[], parameters: Record<string, unknown> = {}): Promise<Execution> => {
    const input: ProcedureExecutionInput = { executionId: randomUUID(), organizationId: ORG, incidentId: null, steps, parameters };
    return wf.env.client.workflow.start<typeof procedureExecutionWorkflow>('procedureExecutionWorkflow', {
      taskQueue,
      workflowId: `execution-test-${randomUUID()}`,
      args: [input],
    });
  };
  const waitingOn = (records: ExecutionProgress[], target: StepDefinition) =>
    waitFor(
      `step ${target.type} waiting`,
      async () => (records.some((record) => record.status === 'waiting' && record.steps[0]?.stepId === target.id) ? true : undefined),
      { timeoutMs: 30_000, intervalMs: 50 },
    );

  it('runs an http and a wait step in order, persisting every change in sequence, and completes', async () => {
    const steps = [http(), step('wait', { seconds: 1 })];
    const log = progressLog();
    const requests: Array<Parameters<NonNullable<ActivityMocks['runHttpStep']>>[0]> = [];
    const { result, executionId } = await wf.withWorker(
      {
        recordExecutionProgress: log.recordExecutionProgress,
        runHttpStep: async (request) => {
          requests.push(request);
          return { status_code: 200, body: { ok: true } };
        },
      },
      async (taskQueue) => {
        const handle = await start(taskQueue, steps, { host: 'db-1' });
        return { result: await handle.result(), executionId: log.records[0]?.executionId };
      },
    );
    expect(result).toEqual({ status: 'completed' });
    expect(log.summary(steps)).toEqual([
      '1 running http:running',
      '2 running http:succeeded',
      '3 running wait:running',
      '4 completed wait:succeeded',
    ]);
    expect(requests).toEqual([{ executionId, stepId: steps[0]?.id, config: steps[0]?.config, parameters: { host: 'db-1' } }]);
    expect(log.records[1]?.steps[0]?.output).toEqual({ status_code: 200, body: { ok: true } });
    const last = log.records.at(-1) as ExecutionProgress;
    expect(last.completedAt).toBe(last.steps[0]?.completedAt);
    expect(log.records.every((record) => record.organizationId === ORG && record.executionId === executionId)).toBe(true);
  });

  it('completes a procedure without steps at once', async () => {
    const log = progressLog();
    const result = await wf.withWorker({ recordExecutionProgress: log.recordExecutionProgress }, async (taskQueue) =>
      (await start(taskQueue, [])).result(),
    );
    expect(result).toEqual({ status: 'completed' });
    expect(log.summary([])).toEqual(['1 completed']);
  });

  it('waits on a manual step for the completeStep update, refusing other steps and a second decision', async () => {
    const steps = [step('manual', { instructions: 'Restart the primary' }), http()];
    const log = progressLog();
    // The HTTP step after the manual one holds until the second decision has been answered, so the
    // workflow is still open for it (else it may have closed already, which aborts the update).
    let releaseHttp = () => {};
    const httpReleased = new Promise<void>((resolve) => (releaseHttp = resolve));
    const outcome = await wf.withWorker(
      {
        recordExecutionProgress: log.recordExecutionProgress,
        runHttpStep: async () => {
          await httpReleased;
          return { status_code: 204, body: null };
        },
      },
      async (taskQueue) => {
        const handle = await start(taskQueue, steps);
        try {
          await waitingOn(log.records, steps[0] as StepDefinition);
          const early = await refusalOf(
            handle.executeUpdate(completeStepUpdate, { args: [{ stepId: steps[1]?.id as string, status: 'succeeded', actorId: 'u1' }] }),
          );
          const answer = await handle.executeUpdate(completeStepUpdate, {
            args: [{ stepId: steps[0]?.id as string, status: 'succeeded', notes: 'done', output: { ticket: 7 }, actorId: 'u1' }],
          });
          const again = await refusalOf(
            handle.executeUpdate(completeStepUpdate, { args: [{ stepId: steps[0]?.id as string, status: 'failed', actorId: 'u1' }] }),
          );
          releaseHttp();
          return { early, answer, again, result: await handle.result() };
        } finally {
          releaseHttp();
        }
      },
    );
    expect(outcome.early).toBe('StepNotWaiting');
    expect(outcome.again).toBe('StepNotWaiting');
    // The update answers once the outcome is persisted, with the step's state.
    expect(outcome.answer).toMatchObject<Partial<StepState>>({
      stepId: steps[0]?.id,
      status: 'succeeded',
      notes: 'done',
      output: { ticket: 7 },
      actorId: 'u1',
    });
    expect(outcome.answer.completedAt).not.toBeNull();
    expect(outcome.result).toEqual({ status: 'completed' });
    expect(log.summary(steps)).toEqual([
      '1 waiting manual:waiting',
      '2 running manual:succeeded',
      '3 running http:running',
      '4 completed http:succeeded',
    ]);
  });

  it.each([
    [
      'approved: the next step runs',
      'succeeded',
      'completed',
      1,
      ['1 waiting approval:waiting', '2 running approval:succeeded', '3 running http:running', '4 completed http:succeeded'],
    ],
    [
      'rejected: the execution fails, the next step is skipped unrun',
      'failed',
      'failed',
      0,
      ['1 waiting approval:waiting', '2 failed approval:failed http:skipped'],
    ],
  ] as const)('an approval step %s', async (_name, decision, status, httpRuns, summary) => {
    const steps = [step('approval'), http()];
    const log = progressLog();
    let runs = 0;
    const result = await wf.withWorker(
      {
        recordExecutionProgress: log.recordExecutionProgress,
        runHttpStep: async () => {
          runs += 1;
          return { status_code: 200, body: null };
        },
      },
      async (taskQueue) => {
        const handle = await start(taskQueue, steps);
        await waitingOn(log.records, steps[0] as StepDefinition);
        await handle.executeUpdate(completeStepUpdate, {
          args: [{ stepId: steps[0]?.id as string, status: decision, notes: 'reviewed', actorId: 'approver' }],
        });
        return handle.result();
      },
    );
    expect(result).toEqual({ status });
    expect(runs).toBe(httpRuns);
    expect(log.summary(steps)).toEqual(summary);
    expect(log.records[1]?.steps[0]).toMatchObject({ notes: 'reviewed', actorId: 'approver' });
  });

  it('cancelExecution skips the waiting and the pending steps, records who cancelled, and refuses a second cancel and late decisions', async () => {
    const steps = [step('manual'), http()];
    // The cancelled state is persisted only once the updates below are answered: they reach the workflow while it is still running.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const log = progressLog((progress) => (progress.status === 'cancelled' ? released : Promise.resolve()));
    const outcome = await wf.withWorker({ recordExecutionProgress: log.recordExecutionProgress }, async (taskQueue) => {
      const handle = await start(taskQueue, steps);
      await waitingOn(log.records, steps[0] as StepDefinition);
      const cancel = await handle.startUpdate(cancelExecutionUpdate, {
        args: [{ actorId: 'u9' }],
        waitForStage: WorkflowUpdateStage.ACCEPTED,
      });
      const secondCancel = await refusalOf(handle.executeUpdate(cancelExecutionUpdate, { args: [{ actorId: 'u8' }] }));
      const decision = await refusalOf(
        handle.executeUpdate(completeStepUpdate, { args: [{ stepId: steps[0]?.id as string, status: 'succeeded', actorId: 'u1' }] }),
      );
      release();
      return { secondCancel, decision, answer: await cancel.result(), result: await handle.result() };
    });
    expect(outcome).toEqual({
      secondCancel: 'ExecutionNotRunning',
      decision: 'ExecutionNotRunning',
      answer: { status: 'cancelled' },
      result: { status: 'cancelled' },
    });
    expect(log.summary(steps)).toEqual(['1 waiting manual:waiting', '2 cancelled manual:skipped http:skipped']);
    const last = log.records[1] as ExecutionProgress;
    expect(last.actorId).toBe('u9');
    // The started step ends now; the one that never started gets no completion time.
    expect(last.steps.map((state) => state.completedAt === null)).toEqual([false, true]);
  });

  it('cancelling the workflow interrupts a running wait step and ends the execution cancelled, by nobody', async () => {
    const steps = [step('wait', { seconds: 3600 }), step('manual')];
    const log = progressLog();
    const result = await wf.withWorker({ recordExecutionProgress: log.recordExecutionProgress }, async (taskQueue) => {
      const handle = await start(taskQueue, steps);
      await waitFor('the wait step running', async () => (log.records.length >= 1 ? true : undefined), {
        timeoutMs: 30_000,
        intervalMs: 50,
      });
      await handle.cancel();
      return handle.result();
    });
    expect(result).toEqual({ status: 'cancelled' });
    expect(log.summary(steps)).toEqual(['1 running wait:running', '2 cancelled wait:skipped manual:skipped']);
    expect(log.records[1]?.actorId).toBeNull();
  });

  it.each([
    // httpStepActivityOptions: 3 attempts, 1 s then 2 s apart.
    ['a transient failure is retried, then the step succeeds', 1, false, 2, 'completed'],
    ['a step failing every attempt fails after 3 and skips the rest', 3, false, 3, 'failed'],
    ['a non-retryable failure is not retried', 1, true, 1, 'failed'],
  ] as const)('%s', async (_name, failures, nonRetryable, attempts, status) => {
    const steps = [http(), step('manual')];
    const log = progressLog();
    let calls = 0;
    const result = await wf.withWorker(
      {
        recordExecutionProgress: log.recordExecutionProgress,
        runHttpStep: async () => {
          calls += 1;
          if (calls <= failures) throw unexpectedStatus(nonRetryable);
          return { status_code: 200, body: 'ok' };
        },
      },
      async (taskQueue) => {
        const handle = await start(taskQueue, steps);
        if (status === 'completed') {
          await waitingOn(log.records, steps[1] as StepDefinition);
          await handle.executeUpdate(completeStepUpdate, { args: [{ stepId: steps[1]?.id as string, status: 'skipped', actorId: null }] });
        }
        return handle.result();
      },
    );
    expect(result).toEqual({ status });
    expect(calls).toBe(attempts);
    const settled = log.records[1]?.steps[0];
    if (status === 'failed') {
      expect(log.summary(steps)).toEqual(['1 running http:running', '2 failed http:failed manual:skipped']);
      // The error and the answer that caused it, for the person reading the execution.
      expect(settled?.output).toEqual({
        error: 'POST https://hooks.example.test/run answered 503, expected 2xx',
        status_code: 503,
        body: 'busy',
      });
    } else {
      expect(log.summary(steps)).toEqual([
        '1 running http:running',
        '2 running http:succeeded',
        '3 waiting manual:waiting',
        '4 completed manual:skipped',
      ]);
      expect(settled?.output).toEqual({ status_code: 200, body: 'ok' });
    }
  });
});
