import { assigneeNeedsPaging, escalationSteps, incidentNeedsPaging } from '../../../shared/domain/escalation.ts';

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
