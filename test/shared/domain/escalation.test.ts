import {
  assigneeNeedsPaging,
  escalationSteps,
  incidentNeedsPaging,
  waitAfterFirstLevel,
  waitBeforeFirstLevel,
} from '../../../shared/domain/escalation.ts';

const level = (delay: number) => ({ targets: [{ type: 'user' as const, id: 'u' }], delay_minutes: delay });

describe('escalationSteps', () => {
  it.each([
    ['one level, no repeat', [level(1)], 0, [[1, 1, 60_000, true]]],
    [
      'two levels, fractional delays',
      [level(0.05), level(2.5)],
      0,
      [
        [1, 1, 3_000, false],
        [1, 2, 150_000, true],
      ],
    ],
    [
      'two levels repeated once',
      [level(1), level(2)],
      1,
      [
        [1, 1, 60_000, false],
        [1, 2, 120_000, false],
        [2, 1, 60_000, false],
        [2, 2, 120_000, true],
      ],
    ],
    ['repeat above the maximum is capped at 9', [level(1)], 50, Array.from({ length: 10 }, (_, i) => [i + 1, 1, 60_000, i === 9])],
    ['no levels: nothing to do', [], 3, []],
  ])('%s', (_name, levels, repeat, expected) => {
    expect(escalationSteps({ levels, repeat }).map((step) => [step.round, step.level, step.delayMs, step.last])).toEqual(expected);
  });
});

describe('waitAfterFirstLevel', () => {
  const pagedAt = Date.parse('2026-12-04T03:00:00Z');
  const at = (ms: number | null) => (ms === null ? null : new Date(pagedAt + ms).toISOString());
  it.each([
    ["two levels: level 2 after level 1's delay", { levels: [level(5), level(10)], repeat: 0 }, [], 300_000, 300_000],
    ['a rule due before the next level wakes it first', { levels: [level(5), level(10)], repeat: 0 }, [120_000, 60_000], 300_000, 60_000],
    ['a level due before the rule', { levels: [level(1), level(10)], repeat: 0 }, [120_000], 60_000, 60_000],
    ['one level, no repeat: nothing follows', { levels: [level(5)], repeat: 0 }, [], null, null],
    ['one level, its rules still to page', { levels: [level(5)], repeat: 0 }, [90_000], null, 90_000],
    ['one level repeated: level 1 again after its delay', { levels: [level(5)], repeat: 1 }, [], 300_000, 300_000],
    ['a person alone (no policy): only their rules', undefined, [30_000], null, 30_000],
    ['a person alone, no delayed rule: nothing follows', undefined, [], null, null],
  ])('%s', (_name, policy, laterDelays, nextLevelIn, wakeIn) => {
    const waiting = waitAfterFirstLevel(
      { ...(policy ? { policy } : {}), pagedAt, later: laterDelays.map((delayMs) => ({ delayMs })) },
      policy ? 'policy-1' : null,
    );
    expect(waiting).toEqual({
      state: { policy_id: policy ? 'policy-1' : null, level: 1, round: 1, next_escalation_at: at(nextLevelIn), ended: null },
      wakeAt: wakeIn === null ? null : pagedAt + wakeIn,
    });
  });
});

describe('waitBeforeFirstLevel', () => {
  it.each([
    ['a policy: nothing paged, level 1 due when it wakes', 'policy-1'],
    ['a person alone (no policy)', null],
  ])('%s', (_name, policyId) => {
    const wakeAt = Date.parse('2026-12-04T03:00:30Z');
    expect(waitBeforeFirstLevel(wakeAt, policyId)).toEqual({
      state: { policy_id: policyId, level: 0, round: 0, next_escalation_at: '2026-12-04T03:00:30.000Z', ended: null },
      wakeAt,
    });
  });
});

describe('incidentNeedsPaging', () => {
  it.each([
    ['active and unassigned', { status: 'active', assignee_id: null }, null],
    ['assigned', { status: 'active', assignee_id: 'u1' }, 'acknowledged'],
    ['investigating', { status: 'investigating', assignee_id: null }, 'acknowledged'],
    ['mitigated', { status: 'mitigated', assignee_id: null }, 'acknowledged'],
    ['resolved', { status: 'resolved', assignee_id: 'u1' }, 'resolved'],
  ])('%s', (_name, incident, expected) => {
    expect(incidentNeedsPaging(incident)).toBe(expected);
  });
});

describe('assigneeNeedsPaging', () => {
  it.each([
    ['active and theirs: being assigned is not their acknowledgement', { status: 'active', assignee_id: 'u1' }, null],
    ['reassigned to someone else', { status: 'active', assignee_id: 'u2' }, 'reassigned'],
    ['unassigned since', { status: 'active', assignee_id: null }, 'reassigned'],
    ['investigating', { status: 'investigating', assignee_id: 'u1' }, 'acknowledged'],
    ['resolved', { status: 'resolved', assignee_id: 'u1' }, 'resolved'],
  ])('%s', (_name, incident, expected) => {
    expect(assigneeNeedsPaging(incident, 'u1')).toBe(expected);
  });
});
