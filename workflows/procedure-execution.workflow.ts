import {
  ActivityFailure,
  allHandlersFinished,
  ApplicationFailure,
  CancellationScope,
  CancelledFailure,
  condition,
  isCancellation,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  sleep,
} from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import type {
  ExecutionProgress,
  ExecutionStatus,
  ProcedureExecutionInput,
  StepDecision,
  StepDefinition,
  StepState,
} from '../shared/domain/procedure.ts';
import {
  afterStep,
  cancelRefusal,
  cancelSteps,
  completeWithoutSteps,
  decisionRefusal,
  failedStepOutput,
  initialStepStates,
  settleStep,
  startStep,
  stepRunOf,
  type ProgressChange,
  type StepOutcome,
  type UpdateGate,
  type UpdateRefusal,
} from '../shared/domain/procedure-step-state.ts';
import { dbActivityOptions, dbLocalActivityOptions, httpStepActivityOptions } from './activity-options.ts';
import { localFirst } from './helpers/local-first.ts';
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
 * database is back. Histories recorded with regular activities only still replay.
 */
const recordExecutionProgress = localFirst(local.recordExecutionProgress, durable.recordExecutionProgress, {
  patch: 'execution-progress-local-first',
});

/** What a failed http step records: the error, plus the answer when there was one. */
function failureOutput(error: unknown): Record<string, unknown> {
  const cause = error instanceof ActivityFailure ? error.cause : error;
  if (cause instanceof ApplicationFailure) return failedStepOutput(cause.message, (cause.details ?? [])[0]);
  return failedStepOutput(cause instanceof Error ? cause.message : String(cause), undefined);
}

const refuse = (refusal: UpdateRefusal | null) => {
  if (refusal) throw ApplicationFailure.nonRetryable(refusal.message, refusal.type);
};

/**
 * One workflow per execution, `execution:<id>`. Walks the definition snapshot in order: http steps
 * are retried activities, wait steps durable timers, manual and approval steps wait for the
 * `completeStep` update that `PATCH /executions/{id}` sends. Every step change is persisted by an
 * activity before the workflow moves on; a failed step fails the execution and skips the rest;
 * `cancelExecution` (or cancelling the workflow) ends it `cancelled`. The state transitions are
 * shared/domain/procedure-step-state.ts; this function waits, runs and persists.
 */
export async function procedureExecutionWorkflow(input: ProcedureExecutionInput): Promise<{ status: ExecutionStatus }> {
  const steps = input.steps;
  let states = initialStepStates(steps);
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
  const gate = (): UpdateGate => ({
    ended,
    cancelRequested: cancelRequest !== undefined,
    waitingStepId,
    decisionPending: decision !== undefined,
  });

  const now = () => new Date().toISOString();
  let seq = 0;
  // Persisting must happen even while the workflow is being cancelled.
  const persist = (change: ProgressChange) => {
    seq += 1;
    const progress: ExecutionProgress = { executionId: input.executionId, organizationId: input.organizationId, seq, ...change };
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
      return { ...(states.find((state) => state.stepId === request.stepId) as StepState) };
    },
    { validator: (request) => refuse(decisionRefusal(gate(), request.stepId)) },
  );
  setHandler(
    cancelExecutionUpdate,
    async (request) => {
      cancelRequest = request;
      stepScope?.cancel();
      await condition(() => finished);
      return { status: finalStatus };
    },
    { validator: (_request: { actorId: string | null }) => refuse(cancelRefusal(gate())) },
  );

  const outcomeOf = async (step: StepDefinition): Promise<StepOutcome> => {
    const run = stepRunOf(step);
    if (run.kind === 'decision') {
      await inStepScope(() => condition(() => decision !== undefined));
      const outcome = decision as StepDecision;
      decision = undefined;
      waitingStepId = null;
      return outcome;
    }
    try {
      if (run.kind === 'timer') {
        await inStepScope(() => sleep(run.ms));
        return { status: 'succeeded' };
      }
      const output = await inStepScope(() =>
        runHttpStep({ executionId: input.executionId, stepId: step.id, config: step.config, parameters: input.parameters }),
      );
      return { status: 'succeeded', output };
    } catch (error) {
      if (isCancellation(error)) throw error;
      return { status: 'failed', output: failureOutput(error) };
    }
  };

  try {
    for (const [index, step] of steps.entries()) {
      const started = startStep(steps, states, index, now());
      states = started.states;
      // Accept a person's outcome from now on, even before the waiting state is persisted.
      if (started.progress.status === 'waiting') waitingStepId = step.id;
      await persist(started.progress);
      const outcome = await outcomeOf(step);
      states = settleStep(states, index, outcome, now());
      const next = afterStep(states, index);
      states = next.states;
      if (next.ended) {
        ended = true;
        finalStatus = next.progress.status;
      }
      await persist(next.progress);
      settled.add(step.id);
      if (ended) break;
    }
    if (!ended) {
      // A procedure without steps.
      ended = true;
      finalStatus = 'completed';
      await persist(completeWithoutSteps(now()));
    }
  } catch (error) {
    if (!isCancellation(error)) throw error;
    ended = true;
    finalStatus = 'cancelled';
    const cancelled = cancelSteps(states, now(), cancelRequest?.actorId ?? null);
    states = cancelled.states;
    await persist(cancelled.progress);
  }
  finished = true;
  await CancellationScope.nonCancellable(() => condition(allHandlersFinished));
  return { status: finalStatus };
}
