// The step-state transitions of procedureExecutionWorkflow, kept pure so they are tested without
// Temporal; the workflow only waits, runs activities and persists what these functions return.
import type { EXECUTION_CONFLICT_TYPES, ExecutionProgress, StepDecisionStatus, StepDefinition, StepState } from './procedure.ts';

/** What the workflow hands the persisting activity, without the ids and sequence number it adds. */
export type ProgressChange = Pick<ExecutionProgress, 'status' | 'steps' | 'completedAt' | 'actorId'>;

/** How a step runs: a person's decision (update), a durable timer, or the http activity. */
export type StepRun = { kind: 'decision' } | { kind: 'timer'; ms: number } | { kind: 'http' };

/** How a step ended: a person's decision, or the outcome of its timer or http request. */
export interface StepOutcome {
  status: StepDecisionStatus;
  output?: unknown;
  notes?: string | null;
  actorId?: string | null;
}

export interface StepTransition {
  states: StepState[];
  progress: ProgressChange;
}

/** A refusal of an update, with the failure type the API maps to 409. */
export interface UpdateRefusal {
  type: (typeof EXECUTION_CONFLICT_TYPES)[number];
  message: string;
}

/** What the update validators look at. */
export interface UpdateGate {
  /** The outcome is decided (or being persisted). */
  ended: boolean;
  cancelRequested: boolean;
  /** The manual or approval step that accepts a decision now. */
  waitingStepId: string | null;
  /** A decision arrived and the workflow has not taken it yet. */
  decisionPending: boolean;
}

// Every transition copies what it changes: a state handed to persisting is never mutated later.
const replaced = (states: readonly StepState[], index: number, state: StepState): StepState[] =>
  states.map((existing, at) => (at === index ? state : existing));

const isOpen = (state: StepState) => state.status === 'pending' || state.status === 'waiting' || state.status === 'running';

export function initialStepStates(steps: readonly StepDefinition[]): StepState[] {
  return steps.map((step) => ({
    stepId: step.id,
    status: 'pending',
    output: null,
    notes: null,
    actorId: null,
    startedAt: null,
    completedAt: null,
  }));
}

export function stepRunOf(step: StepDefinition): StepRun {
  if (step.type === 'manual' || step.type === 'approval') return { kind: 'decision' };
  if (step.type === 'wait') return { kind: 'timer', ms: Number(step.config.seconds) * 1000 };
  return { kind: 'http' };
}

/** The step at `index` starts: it waits for a person, or runs; the execution says which. */
export function startStep(steps: readonly StepDefinition[], states: readonly StepState[], index: number, now: string): StepTransition {
  const waits = stepRunOf(steps[index] as StepDefinition).kind === 'decision';
  const state: StepState = { ...(states[index] as StepState), status: waits ? 'waiting' : 'running', startedAt: now };
  return { states: replaced(states, index, state), progress: { status: waits ? 'waiting' : 'running', steps: [state] } };
}

/** The step at `index` ended; the progress is recorded by `afterStep`, together with what follows. */
export function settleStep(states: readonly StepState[], index: number, outcome: StepOutcome, now: string): StepState[] {
  const state: StepState = {
    ...(states[index] as StepState),
    status: outcome.status,
    output: outcome.output ?? null,
    notes: outcome.notes ?? null,
    actorId: outcome.actorId ?? null,
    completedAt: now,
  };
  return replaced(states, index, state);
}

/**
 * After the settled step at `index`: a failed step fails the execution and skips the rest; the
 * last step (succeeded or skipped) completes it; otherwise the execution runs on with the next.
 * `ended` says whether the walk stops here.
 */
export function afterStep(states: readonly StepState[], index: number): StepTransition & { ended: boolean } {
  const state = states[index] as StepState;
  if (state.status === 'failed') {
    const skipped = states.slice(index + 1).map((later): StepState => ({ ...later, status: 'skipped' }));
    return {
      states: [...states.slice(0, index + 1), ...skipped],
      progress: { status: 'failed', steps: [state, ...skipped], completedAt: state.completedAt },
      ended: true,
    };
  }
  if (index === states.length - 1) {
    return { states: [...states], progress: { status: 'completed', steps: [state], completedAt: state.completedAt }, ended: true };
  }
  return { states: [...states], progress: { status: 'running', steps: [state] }, ended: false };
}

/** A procedure without steps completes at once. */
export function completeWithoutSteps(now: string): ProgressChange {
  return { status: 'completed', steps: [], completedAt: now };
}

/**
 * Cancelled: every step not yet ended is skipped; one that had started ends now, one that never
 * started gets no completion time.
 */
export function cancelSteps(states: readonly StepState[], now: string, actorId: string | null): StepTransition {
  const next = states.map((state): StepState =>
    isOpen(state) ? { ...state, status: 'skipped', completedAt: state.startedAt ? now : null } : state,
  );
  const changed = next.filter((state, index) => isOpen(states[index] as StepState));
  return { states: next, progress: { status: 'cancelled', steps: changed, completedAt: now, actorId } };
}

/** Why a `completeStep` update for `stepId` is refused, or null when it is accepted. */
export function decisionRefusal(gate: UpdateGate, stepId: string): UpdateRefusal | null {
  if (gate.ended || gate.cancelRequested) return { type: 'ExecutionNotRunning', message: 'The execution is not running' };
  if (gate.waitingStepId !== stepId || gate.decisionPending)
    return { type: 'StepNotWaiting', message: 'This step is not waiting for an outcome' };
  return null;
}

/** Why a `cancelExecution` update is refused, or null when it is accepted. */
export function cancelRefusal(gate: UpdateGate): UpdateRefusal | null {
  if (gate.ended || gate.cancelRequested) return { type: 'ExecutionNotRunning', message: 'The execution has already ended' };
  return null;
}

/** What a failed http step records: the error, plus the answer (the failure's first detail) when there was one. */
export function failedStepOutput(message: string, details: unknown): Record<string, unknown> {
  return { error: message, ...(details && typeof details === 'object' ? details : {}) };
}
