import { muteRulesInEffect } from '../../../../shared/db/access/mute-rules.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The read behind each worker's mute-rule cache, on real PostgreSQL: only the organization's own
// silences and windows, and only those still in effect.
describe('muteRulesInEffect (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const hour = 3600_000;
  const since = new Date(Date.now() - hour);

  const silence = async (organizationId: string, comment: string, endsInHours: number) =>
    (
      await db.sql<{ id: string }>(
        `insert into silences (id, organization_id, matchers, starts_at, ends_at, comment, created_at, updated_at)
         values (gen_random_uuid(), ?, '[{"name":"service","operator":"=","value":"db"}]'::jsonb, now() - interval '3 hours',
                 now() + make_interval(hours => ?), ?, now(), now()) returning id`,
        [organizationId, endsInHours, comment],
      )
    )[0]!.id;
  const window = async (organizationId: string, description: string, endsInHours: number, rrule: string | null) =>
    (
      await db.sql<{ id: string }>(
        `insert into maintenance_windows (id, organization_id, description, starts_at, ends_at, rrule, time_zone, created_at, updated_at)
         values (gen_random_uuid(), ?, ?, now() - interval '3 hours', now() + make_interval(hours => ?), ?, 'UTC', now(), now()) returning id`,
        [organizationId, description, endsInHours, rrule],
      )
    )[0]!.id;
  const ids = { ourSilence: '', ourWindow: '', ourWeekly: '' };

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    ids.ourSilence = await silence(ours.id, 'ours', 1);
    await silence(ours.id, 'ended', -2);
    await silence(theirs.id, 'theirs', 1);
    ids.ourWindow = await window(ours.id, 'ours', 1, null);
    ids.ourWeekly = await window(ours.id, 'weekly', -2, 'FREQ=WEEKLY;BYDAY=SA');
    await window(ours.id, 'ended', -2, null);
    await window(theirs.id, 'theirs', 1, null);
    await window(theirs.id, 'their weekly', -2, 'FREQ=WEEKLY;BYDAY=SU');
  });
  afterAll(() => db?.stop());

  it("reads the organization's own silences and windows in effect, never another organization's", async () => {
    const rules = await muteRulesInEffect(db.em(), ours.id, since);
    expect(rules.silences.map((rule) => rule.id)).toEqual([ids.ourSilence]);
    expect(rules.windows.map((rule) => rule.id).sort()).toEqual([ids.ourWindow, ids.ourWeekly].sort());
    expect(rules.windows.find((rule) => rule.id === ids.ourWeekly)?.rrule).toBe('FREQ=WEEKLY;BYDAY=SA');
    expect(rules.silences[0]?.matchers).toEqual([{ name: 'service', operator: '=', value: 'db' }]);
  });

  it('reads nothing for an organization with no rules of its own', async () => {
    const { id: empty } = await db.organization('Empty');
    expect(await muteRulesInEffect(db.em(), empty, since)).toEqual({ silences: [], windows: [] });
  });
});
