import { escalationSteps, type EscalationLevel } from '../../../shared/domain/escalation.ts';
import { plannedPolicy, unrollRoundRobin } from '../../../shared/domain/escalation-round-robin.ts';

const user = (id: string) => ({ type: 'user' as const, id });
const schedule = (id: string) => ({ type: 'schedule' as const, id });
const level = (ids: string[], delay: number, mode?: 'all' | 'round_robin'): EscalationLevel => ({
  targets: ids.map((id) => (id.startsWith('s') ? schedule(id) : user(id))),
  delay_minutes: delay,
  ...(mode ? { mode } : {}),
});
const shape = (levels: EscalationLevel[]) => levels.map((l) => [l.targets.map((t) => t.id), l.delay_minutes]);

describe('unrollRoundRobin', () => {
  it.each<[string, EscalationLevel[], Array<[string[], number]>]>([
    ['no mode: all targets at once (today)', [level(['u1', 'u2'], 5)], [[['u1', 'u2'], 5]]],
    ['all: unchanged', [level(['u1', 'u2', 'u3'], 5, 'all')], [[['u1', 'u2', 'u3'], 5]]],
    [
      'round-robin: one target at a time, in order, each with the level delay',
      [level(['u1', 'u2', 'u3'], 5, 'round_robin')],
      [
        [['u1'], 5],
        [['u2'], 5],
        [['u3'], 5],
      ],
    ],
    ['round-robin of one target: one step', [level(['u1'], 2, 'round_robin')], [[['u1'], 2]]],
    [
      'round-robin between all levels keeps the order',
      [level(['u1', 'u2'], 1), level(['s1', 'u3'], 10, 'round_robin'), level(['u4'], 3)],
      [
        [['u1', 'u2'], 1],
        [['s1'], 10],
        [['u3'], 10],
        [['u4'], 3],
      ],
    ],
    ['no levels', [], []],
  ])('%s', (_name, levels, expected) => {
    expect(shape(unrollRoundRobin(levels))).toEqual(expected);
  });

  it('repeats run the round-robin again from its first target', () => {
    const policy = plannedPolicy({ id: 'p', name: 'p', levels: [level(['u1', 'u2'], 1, 'round_robin')], repeat: 1 });
    const order = escalationSteps(policy).map((step) => [step.round, policy.levels[step.level - 1]?.targets[0]?.id]);
    expect(order).toEqual([
      [1, 'u1'],
      [1, 'u2'],
      [2, 'u1'],
      [2, 'u2'],
    ]);
  });
});

describe('round-robin with team targets', () => {
  it('pages each team as one step, in order, like any other target', () => {
    const levels: EscalationLevel[] = [
      {
        targets: [
          { type: 'team', id: 't-db' },
          { type: 'user', id: 'u1' },
          { type: 'team', id: 't-web' },
        ],
        delay_minutes: 4,
        mode: 'round_robin',
      },
    ];
    expect(unrollRoundRobin(levels).map((l) => l.targets)).toEqual([
      [{ type: 'team', id: 't-db' }],
      [{ type: 'user', id: 'u1' }],
      [{ type: 'team', id: 't-web' }],
    ]);
  });
});
