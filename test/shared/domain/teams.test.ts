import type { EscalationTarget } from '../../../shared/domain/escalation.ts';
import { targetUserIds, type TeamRoster } from '../../../shared/domain/teams.ts';

const onCall: Record<string, string[]> = {
  's-day': ['u-alice'],
  's-night': ['u-bob'],
  's-gap': [],
};
const teams: Record<string, TeamRoster> = {
  't-rotating': { scheduleIds: ['s-day', 's-night'], memberIds: ['u-alice', 'u-bob', 'u-carol'] },
  't-gap': { scheduleIds: ['s-gap'], memberIds: ['u-carol', 'u-dave'] },
  't-no-schedule': { scheduleIds: [], memberIds: ['u-erin', 'u-carol'] },
  't-empty': { scheduleIds: [], memberIds: [] },
};
const lookups = {
  onCall: async (id: string) => onCall[id] ?? [],
  team: async (id: string) => teams[id] ?? null,
};

const user = (id: string): EscalationTarget => ({ type: 'user', id });
const schedule = (id: string): EscalationTarget => ({ type: 'schedule', id });
const team = (id: string): EscalationTarget => ({ type: 'team', id });

describe('targetUserIds', () => {
  it.each<[string, EscalationTarget[], string[]]>([
    ['a user target is that user', [user('u-zed')], ['u-zed']],
    ['a schedule target is its on-call', [schedule('s-night')], ['u-bob']],
    ['a schedule in a gap pages nobody', [schedule('s-gap')], []],
    ['a team with schedules pages their on-call, not every member', [team('t-rotating')], ['u-alice', 'u-bob']],
    ['a team whose schedules are all in a gap pages every member', [team('t-gap')], ['u-carol', 'u-dave']],
    ['a team without schedules pages every member, in the order they joined', [team('t-no-schedule')], ['u-erin', 'u-carol']],
    ['a team without members or schedules pages nobody', [team('t-empty')], []],
    ['a team that is gone (or of another organization) pages nobody', [team('t-unknown')], []],
    [
      'targets keep their order and each person is named once',
      [user('u-carol'), team('t-no-schedule'), schedule('s-day'), team('t-rotating')],
      ['u-carol', 'u-erin', 'u-alice', 'u-bob'],
    ],
  ])('%s', async (_name, targets, expected) => {
    await expect(targetUserIds(targets, lookups)).resolves.toEqual(expected);
  });

  it("reads a team's schedules at the moment asked, through the lookup", async () => {
    const asked: string[] = [];
    await targetUserIds([team('t-rotating')], { ...lookups, onCall: async (id) => (asked.push(id), onCall[id] ?? []) });
    expect(asked).toEqual(['s-day', 's-night']);
  });
});
