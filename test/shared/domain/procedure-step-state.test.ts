import type { StepDefinition, StepState, StepStatus, StepType } from '../../../shared/domain/procedure.ts';
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
  type StepOutcome,
  type UpdateGate,
} from '../../../shared/domain/procedure-step-state.ts';

const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-01T00:00:05.000Z';
const T2 = '2026-01-01T00:00:09.000Z';

const step = (id: string, type: StepType, config: Record<string, unknown> = {}): StepDefinition => ({
  id,
  position: 0,
  name: id,
  description: null,
  type,
  config,
});
const pending = (stepId: string): StepState => ({
  stepId,
  status: 'pending',
  output: null,
  notes: null,
  actorId: null,
  startedAt: null,
  completedAt: null,
});
/** States of steps a, b, c, ... with the given statuses; started ones started at T0, ended ones ended at T1. */
const statesOf = (...statuses: StepStatus[]): StepState[] =>
  statuses.map((status, index) => ({
    ...pending(String.fromCharCode(97 + index)),
    status,
    startedAt: status === 'pending' ? null : T0,
    completedAt: ['succeeded', 'failed', 'skipped'].includes(status) ? T1 : null,
  }));

describe('initialStepStates', () => {
  it('gives every step a pending state, in definition order', () => {
    expect(initialStepStates([step('a', 'manual'), step('b', 'http')])).toEqual([pending('a'), pending('b')]);
    expect(initialStepStates([])).toEqual([]);
  });
});

describe('stepRunOf', () => {
  it.each<[StepType, Record<string, unknown>, ReturnType<typeof stepRunOf>]>([
    ['manual', {}, { kind: 'decision' }],
    ['approval', { instructions: 'ask the owner' }, { kind: 'decision' }],
    ['wait', { seconds: 90 }, { kind: 'timer', ms: 90_000 }],
    ['http', { url: 'https://hooks.example.test/x' }, { kind: 'http' }],
  ])('a %s step (%j) runs as %j', (type, config, expected) => {
    expect(stepRunOf(step('a', type, config))).toEqual(expected);
  });
});

describe('startStep', () => {
  it.each<[StepType, StepStatus]>([
    ['manual', 'waiting'],
    ['approval', 'waiting'],
    ['wait', 'running'],
    ['http', 'running'],
  ])('a %s step becomes %s, and so does the execution', (type, status) => {
    const steps = [step('a', 'manual'), step('b', type, { seconds: 1 })];
    const before = [{ ...pending('a'), status: 'succeeded' as const, startedAt: T0, completedAt: T0 }, pending('b')];
    const { states, progress } = startStep(steps, before, 1, T1);
    const started = { ...pending('b'), status, startedAt: T1 };
    expect(states).toEqual([before[0], started]);
    expect(progress).toEqual({ status, steps: [started] });
    // The states handed over before are not changed.
    expect(before[1]).toEqual(pending('b'));
  });
});

describe('settleStep', () => {
  it.each<[string, StepOutcome, Partial<StepState>]>([
    [
      'a decision with notes and output',
      { status: 'succeeded', notes: 'done', output: { ticket: 7 }, actorId: 'u1' },
      { status: 'succeeded', notes: 'done', output: { ticket: 7 }, actorId: 'u1' },
    ],
    [
      'a rejected approval',
      { status: 'failed', notes: 'not now', actorId: 'u2' },
      { status: 'failed', notes: 'not now', output: null, actorId: 'u2' },
    ],
    ['a skipped manual step', { status: 'skipped', actorId: null }, { status: 'skipped', notes: null, output: null, actorId: null }],
    ['an elapsed timer', { status: 'succeeded' }, { status: 'succeeded', notes: null, output: null, actorId: null }],
    [
      'an http answer',
      { status: 'succeeded', output: { status_code: 200, body: 'ok' } },
      { status: 'succeeded', output: { status_code: 200, body: 'ok' } },
    ],
    ['a failed http step', { status: 'failed', output: { error: 'boom' } }, { status: 'failed', output: { error: 'boom' } }],
  ])('%s', (_name, outcome, expected) => {
    const before = statesOf('succeeded', 'running');
    const states = settleStep(before, 1, outcome, T2);
    expect(states[0]).toBe(before[0]);
    expect(states[1]).toEqual({ ...before[1], ...expected, startedAt: T0, completedAt: T2 });
    expect(before[1]?.status).toBe('running');
  });
});

describe('afterStep', () => {
  it.each<[string, StepStatus[], number, { status: string; changed: StepStatus[]; ended: boolean; after: StepStatus[] }]>([
    [
      'a succeeded step with more to come runs on',
      ['succeeded', 'pending', 'pending'],
      0,
      { status: 'running', changed: ['succeeded'], ended: false, after: ['succeeded', 'pending', 'pending'] },
    ],
    [
      'a skipped step with more to come runs on',
      ['skipped', 'pending'],
      0,
      { status: 'running', changed: ['skipped'], ended: false, after: ['skipped', 'pending'] },
    ],
    [
      'the last step succeeded: completed',
      ['succeeded', 'succeeded'],
      1,
      { status: 'completed', changed: ['succeeded'], ended: true, after: ['succeeded', 'succeeded'] },
    ],
    [
      'the last step skipped: completed all the same',
      ['succeeded', 'skipped'],
      1,
      { status: 'completed', changed: ['skipped'], ended: true, after: ['succeeded', 'skipped'] },
    ],
    [
      'a failed step fails the execution and skips the rest',
      ['succeeded', 'failed', 'pending', 'pending'],
      1,
      { status: 'failed', changed: ['failed', 'skipped', 'skipped'], ended: true, after: ['succeeded', 'failed', 'skipped', 'skipped'] },
    ],
    [
      'a failed last step fails it, nothing to skip',
      ['succeeded', 'failed'],
      1,
      { status: 'failed', changed: ['failed'], ended: true, after: ['succeeded', 'failed'] },
    ],
  ])('%s', (_name, statuses, index, expected) => {
    const before = statesOf(...statuses);
    const { states, progress, ended } = afterStep(before, index);
    expect(progress.status).toBe(expected.status);
    expect(progress.steps.map((state) => state.status)).toEqual(expected.changed);
    expect(progress.steps[0]).toEqual(before[index]);
    expect(ended).toBe(expected.ended);
    expect(states.map((state) => state.status)).toEqual(expected.after);
    // The execution ends when its last settled step did; skipped later steps never started.
    expect(progress.completedAt).toBe(ended ? T1 : undefined);
    expect(progress.steps.slice(1).every((state) => state.startedAt === null && state.completedAt === null)).toBe(true);
    expect(before.map((state) => state.status)).toEqual(statuses);
  });
});

describe('completeWithoutSteps', () => {
  it('completes at once, changing no step', () => {
    expect(completeWithoutSteps(T0)).toEqual({ status: 'completed', steps: [], completedAt: T0 });
  });
});

describe('cancelSteps', () => {
  it.each<[string, StepStatus[], StepStatus[], Array<string | null>]>([
    [
      'while a person is asked: the waiting step ends now, the pending ones without a time',
      ['succeeded', 'waiting', 'pending'],
      ['succeeded', 'skipped', 'skipped'],
      [T1, T2, null],
    ],
    ['while a step runs', ['running', 'pending'], ['skipped', 'skipped'], [T2, null]],
    ['before any step started', ['pending', 'pending'], ['skipped', 'skipped'], [null, null]],
    ['ended steps keep their outcome', ['succeeded', 'skipped', 'running'], ['succeeded', 'skipped', 'skipped'], [T1, T1, T2]],
  ])('%s', (_name, statuses, after, completedAt) => {
    const before = statesOf(...statuses);
    const { states, progress } = cancelSteps(before, T2, 'u1');
    expect(states.map((state) => state.status)).toEqual(after);
    expect(states.map((state) => state.completedAt)).toEqual(completedAt);
    const open = statuses.flatMap((status, index) => (['pending', 'waiting', 'running'].includes(status) ? [index] : []));
    expect(progress).toEqual({ status: 'cancelled', steps: open.map((index) => states[index]), completedAt: T2, actorId: 'u1' });
  });

  it('records who cancelled, or nobody when the workflow itself was cancelled', () => {
    expect(cancelSteps(statesOf('running'), T2, null).progress.actorId).toBeNull();
  });
});

describe('update validation', () => {
  const waitingOnA: UpdateGate = { ended: false, cancelRequested: false, waitingStepId: 'a', decisionPending: false };

  it.each<[string, Partial<UpdateGate>, string, string | null]>([
    ['the waiting step accepts a decision', {}, 'a', null],
    ['another step is not waiting', {}, 'b', 'StepNotWaiting'],
    ['no step is waiting (an http step runs)', { waitingStepId: null }, 'a', 'StepNotWaiting'],
    ['a second decision for the same step', { decisionPending: true }, 'a', 'StepNotWaiting'],
    ['after a cancel request', { cancelRequested: true }, 'a', 'ExecutionNotRunning'],
    ['after the execution ended', { ended: true, waitingStepId: null }, 'a', 'ExecutionNotRunning'],
  ])('completeStep: %s', (_name, gate, stepId, refusal) => {
    expect(decisionRefusal({ ...waitingOnA, ...gate }, stepId)?.type ?? null).toBe(refusal);
  });

  it.each<[string, Partial<UpdateGate>, string | null]>([
    ['while a step waits', {}, null],
    ['while a step runs', { waitingStepId: null }, null],
    ['a second cancel', { cancelRequested: true }, 'ExecutionNotRunning'],
    ['after the execution ended', { ended: true }, 'ExecutionNotRunning'],
  ])('cancelExecution: %s', (_name, gate, refusal) => {
    expect(cancelRefusal({ ...waitingOnA, ...gate })?.type ?? null).toBe(refusal);
  });
});

describe('failedStepOutput', () => {
  it.each<[string, unknown, Record<string, unknown>]>([
    [
      'the answer of an unexpected status comes along',
      { status_code: 503, body: 'busy' },
      { error: 'boom', status_code: 503, body: 'busy' },
    ],
    ['no details: the error alone', undefined, { error: 'boom' }],
    ['a detail that is no object is left out', 'text', { error: 'boom' }],
    [
      'the details come last (runHttpStep sends status_code and body only)',
      { error: 'other', status_code: 500 },
      { error: 'other', status_code: 500 },
    ],
  ])('%s', (_name, details, expected) => {
    expect(failedStepOutput('boom', details)).toEqual(expected);
  });
});
