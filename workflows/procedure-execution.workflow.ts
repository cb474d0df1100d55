import {
  ActivityFailure,
  allHandlersFinished,
  ApplicationFailure,
  CancellationScope,
  CancelledFailure,
  condition,
  isCancellation,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  sleep,
} from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import type { ExecutionProgress, ExecutionStatus, ProcedureExecutionInput, StepDecision, StepDefinition, StepState } from '../shared/domain/procedure.ts';
import { dbActivityOptions, dbLocalActivityOptions, httpStepActivityOptions } from './activity-options.ts';
import { cancelExecutionUpdate, completeStepUpdate } from './messages.ts';

const durable = proxyActivities<Activities>(dbActivityOptions);
const local = proxyLocalActivities<Activities>(dbLocalActivityOptions);
const { runHttpStep } = proxyActivities<Activities>(httpStepActivityOptions);

/**
 * Progress is written first as a local activity, in the worker itself: a regular activity waits on
 * the task queue for a free activity slot, and slow outbound work (deliveries to unreachable
 * targets, http steps, up to 30 s an attempt) can hold every slot, so a cancel or a step outcome
 * waited past the API's 30 s and answered 503. If the local attempts fail (database down), the
 * same write, idempotent by `seq`, becomes a regular activity that the server retries until the
 * database is back. Executions started before this change replay their regular activities.
 */
async function recordExecutionProgress(progress: ExecutionProgress): Promise<void> {
  if (!patched('execution-progress-local-first')) return durable.recordExecutionProgress(progress);
  try {
    return await local.recordExecutionProgress(progress);
  } catch (error) {
    if (isCancellation(error)) throw error;
    return durable.recordExecutionProgress(progress);
  }
}

/** What a failed http step records: the error, plus the answer when there was one. */
function failureOutput(error: unknown): Record<string, unknown> {
  const cause = error instanceof ActivityFailure ? error.cause : error;
  if (cause instanceof ApplicationFailure) {
    const [details] = (cause.details ?? []) as unknown[];
    return { error: cause.message, ...(details && typeof details === 'object' ? details : {}) };
  }
  return { error: cause instanceof Error ? cause.message : String(cause) };
}

const copy = (state: StepState): StepState => ({ ...state });

/**
 * One workflow per execution, `execution:<id>`. Walks the definition snapshot in order: http steps
 * are retried activities, wait steps durable timers, manual and approval steps wait for the
 * `completeStep` update that `PATCH /executions/{id}` sends. Every step change is persisted by an
 * activity before the workflow moves on; a failed step fails the execution and skips the rest;
 * `cancelExecution` (or cancelling the workflow) ends it `cancelled`.
 */
export async function procedureExecutionWorkflow(input: ProcedureExecutionInput): Promise<{ status: ExecutionStatus }> {
  const states = new Map<string, StepState>(
    input.steps.map((step) => [step.id, { stepId: step.id, status: 'pending', output: null, notes: null, actorId: null, startedAt: null, completedAt: null }]),
  );
  const stateOf = (step: StepDefinition) => states.get(step.id) as StepState;
  let waitingStepId: string | null = null;
  let decision: StepDecision | undefined;
  const settled = new Set<string>();
  let cancelRequest: { actorId: string | null } | undefined;
  let stepScope: CancellationScope | undefined;
  /** The outcome is decided: updates are refused from here on. */
  let ended = false;
  /** The outcome is persisted: waiting update handlers may answer. */
  let finished = false;
  let finalStatus: ExecutionStatus = 'running';

  const now = () => new Date().toISOString();
  let seq = 0;
  // Persisting must happen even while the workflow is being cancelled.
  const persist = (status: ExecutionStatus, steps: StepState[], extra: Pick<ExecutionProgress, 'completedAt' | 'actorId'> = {}) => {
    seq += 1;
    const progress: ExecutionProgress = { executionId: input.executionId, organizationId: input.organizationId, seq, status, steps: steps.map(copy), ...extra };
    return CancellationScope.nonCancellable(() => recordExecutionProgress(progress));
  };
  // Each step's wait runs in its own scope, so a cancellation interrupts exactly the current step.
  const inStepScope = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (cancelRequest) throw new CancelledFailure('Execution cancelled');
    const scope = new CancellationScope();
    stepScope = scope;
    try {
      return await scope.run(fn);
    } finally {
      stepScope = undefined;
    }
  };

  setHandler(
    completeStepUpdate,
    async (request) => {
      decision = request;
      await condition(() => settled.has(request.stepId) || finished);
      return copy(states.get(request.stepId) as StepState);
    },
    {
      validator: (request) => {
        if (ended || cancelRequest) throw ApplicationFailure.nonRetryable('The execution is not running', 'ExecutionNotRunning');
        if (waitingStepId !== request.stepId || decision !== undefined) {
          throw ApplicationFailure.nonRetryable('This step is not waiting for an outcome', 'StepNotWaiting');
        }
      },
    },
  );
  setHandler(
    cancelExecutionUpdate,
    async (request) => {
      cancelRequest = request;
      stepScope?.cancel();
      await condition(() => finished);
      return { status: finalStatus };
    },
    {
      validator: (_request: { actorId: string | null }) => {
        if (ended || cancelRequest) throw ApplicationFailure.nonRetryable('The execution has already ended', 'ExecutionNotRunning');
      },
    },
  );

  const runStep = async (step: StepDefinition, state: StepState): Promise<void> => {
    state.startedAt = now();
    if (step.type === 'manual' || step.type === 'approval') {
      // Accept the outcome from now on, even before the waiting state is persisted.
      waitingStepId = step.id;
      state.status = 'waiting';
      await persist('waiting', [state]);
      await inStepScope(() => condition(() => decision !== undefined));
      const outcome = decision as StepDecision;
      decision = undefined;
      waitingStepId = null;
      Object.assign(state, { status: outcome.status, notes: outcome.notes ?? null, output: outcome.output ?? null, actorId: outcome.actorId });
    } else {
      state.status = 'running';
      await persist('running', [state]);
      try {
        if (step.type === 'wait') {
          await inStepScope(() => sleep(Number(step.config.seconds) * 1000));
        } else {
          state.output = await inStepScope(() => runHttpStep({ executionId: input.executionId, stepId: step.id, config: step.config, parameters: input.parameters }));
        }
        state.status = 'succeeded';
      } catch (error) {
        if (isCancellation(error)) throw error;
        state.status = 'failed';
        state.output = failureOutput(error);
      }
    }
    state.completedAt = now();
  };

  try {
    for (const [index, step] of input.steps.entries()) {
      const state = stateOf(step);
      await runStep(step, state);
      const isLast = index === input.steps.length - 1;
      if (state.status === 'failed') {
        ended = true;
        finalStatus = 'failed';
        const skipped = input.steps.slice(index + 1).map(stateOf);
        for (const later of skipped) later.status = 'skipped';
        await persist('failed', [state, ...skipped], { completedAt: state.completedAt });
      } else if (isLast) {
        ended = true;
        finalStatus = 'completed';
        await persist('completed', [state], { completedAt: state.completedAt });
      } else {
        await persist('running', [state]);
      }
      settled.add(step.id);
      if (ended) break;
    }
    if (!ended) {
      // A procedure without steps.
      ended = true;
      finalStatus = 'completed';
      await persist('completed', [], { completedAt: now() });
    }
  } catch (error) {
    if (!isCancellation(error)) throw error;
    ended = true;
    finalStatus = 'cancelled';
    const completedAt = now();
    const open = [...states.values()].filter((state) => state.status === 'pending' || state.status === 'waiting' || state.status === 'running');
    for (const state of open) {
      state.status = 'skipped';
      state.completedAt = state.startedAt ? completedAt : null;
    }
    await persist('cancelled', open, { completedAt, actorId: cancelRequest?.actorId ?? null });
  }
  finished = true;
  await CancellationScope.nonCancellable(() => condition(allHandlersFinished));
  return { status: finalStatus };
}
