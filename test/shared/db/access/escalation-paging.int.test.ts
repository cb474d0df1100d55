import { jest } from '@jest/globals';
import { createEscalationPagingStore } from '../../../../shared/db/access/escalation-paging.ts';
import { createPagingReads } from '../../../../shared/db/access/paging-reads.ts';
import { createIncident } from '../../../../shared/db/access/incidents.ts';
import type { PageSlot } from '../../../../shared/db/access/pages.ts';
import { createTeamStore } from '../../../../shared/db/access/teams.ts';
import type { PlannedPage } from '../../../../shared/domain/notification-rules.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The store on real PostgreSQL: an escalation of one organization never reads another's policy,
// incident, team, members or rules, and never claims, counts or records another's pages.
describe('EscalationPagingStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const ids = { ourIncident: '', theirIncident: '', theirPolicy: '', theirTeam: '' };
  const store = () => createEscalationPagingStore(db.em());
  const slot = (organizationId: string, incidentId: string): PageSlot => ({
    organizationId,
    incidentId,
    policyId: null,
    cycle: 1,
    round: 1,
    level: 1,
  });
  const emailTo = (userId: string): PlannedPage => ({ userId, ruleId: null, contactMethodId: null, method: 'email', delayMs: 0 });
  const count = async (query: string, params: unknown[]) => Number((await db.sql<{ n: string }>(query, params))[0]?.n);

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    const em = db.em();
    ids.ourIncident = createIncident(em, { organizationId: ours.id, title: 'ours', severity: 'high', source: 'manual' }).id;
    ids.theirIncident = createIncident(em, { organizationId: theirs.id, title: 'theirs', severity: 'high', source: 'manual' }).id;
    await em.flush();
    ids.theirTeam = (
      await createTeamStore(db.em()).insert(theirs.id, { name: 'Theirs', description: null, defaultEscalationPolicyId: null }, [
        { userId: theirs.ownerId, role: 'manager' },
      ])
    ).id;
    const [policy] = await db.sql<{ id: string }>(
      `insert into escalation_policies (id, organization_id, name, levels, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Theirs', ?::jsonb, now(), now()) returning id`,
      [theirs.id, JSON.stringify([{ targets: [{ type: 'user', id: theirs.ownerId }], delay_minutes: 5 }])],
    );
    ids.theirPolicy = policy!.id;
    const [method] = await db.sql<{ id: string }>(
      `insert into contact_methods (id, organization_id, user_id, type, label, address, verified_at, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, 'email', 'Mail', 'theirs@example.test', now(), now(), now()) returning id`,
      [theirs.id, theirs.ownerId],
    );
    await db.sql(
      `insert into notification_rules (id, organization_id, user_id, contact_method_id, delay_minutes, urgency, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, ?, 0, 'high', now(), now())`,
      [theirs.id, theirs.ownerId, method!.id],
    );
    // Their page being sent, its lease running.
    expect(await store().claimPages(slot(theirs.id, ids.theirIncident), [emailTo(theirs.ownerId)])).toHaveLength(1);
  });
  afterAll(() => db?.stop());

  it("reads the organization's own policy, incident, team, members and rules only", async () => {
    expect(await store().policy(ours.id, ids.theirPolicy)).toBeUndefined();
    expect((await store().policy(theirs.id, ids.theirPolicy))?.name).toBe('Theirs');
    expect(await store().incident(ours.id, ids.theirIncident)).toBeUndefined();
    expect((await store().incident(ours.id, ids.ourIncident))?.title).toBe('ours');
    expect(await store().teamRoster(ours.id, ids.theirTeam)).toBeNull();
    expect((await store().teamRoster(theirs.id, ids.theirTeam))?.memberIds).toEqual([theirs.ownerId]);
    expect([...(await store().membersAmong(ours.id, [ours.ownerId, theirs.ownerId]))]).toEqual([ours.ownerId]);
    expect(await store().ruleCandidates(ours.id, [theirs.ownerId])).toEqual([]);
    expect((await store().ruleCandidates(theirs.id, [theirs.ownerId])).map((rule) => rule.user_id)).toEqual([theirs.ownerId]);
  });

  it('answers pages read at once, across organizations, in one statement per read, each with its own rows only', async () => {
    const em = db.em();
    const pool = (await em.getConnection().getNativeClient()) as unknown as { query: (...args: unknown[]) => Promise<unknown> };
    const statements = jest.spyOn(pool, 'query');
    const shared = createPagingReads(em);
    try {
      // Each organization's pages interleaved, as a storm's concurrent first levels ask.
      const [theirPolicy, notOurPolicy, ourIncident, notOurIncident, theirIncident, ourMembers, theirMembers, ourRules, theirRules] =
        await Promise.all([
          shared.policy(theirs.id, ids.theirPolicy),
          shared.policy(ours.id, ids.theirPolicy),
          shared.incident(ours.id, ids.ourIncident),
          shared.incident(ours.id, ids.theirIncident),
          shared.incident(theirs.id, ids.theirIncident),
          shared.membersAmong(ours.id, [ours.ownerId, theirs.ownerId]),
          shared.membersAmong(theirs.id, [theirs.ownerId, ours.ownerId]),
          shared.ruleCandidates(ours.id, [theirs.ownerId, ours.ownerId]),
          shared.ruleCandidates(theirs.id, [theirs.ownerId]),
        ]);
      expect(theirPolicy?.name).toBe('Theirs');
      expect(notOurPolicy).toBeUndefined();
      expect(ourIncident?.title).toBe('ours');
      expect(notOurIncident).toBeUndefined();
      expect(theirIncident?.title).toBe('theirs');
      expect([...ourMembers]).toEqual([ours.ownerId]);
      expect([...theirMembers]).toEqual([theirs.ownerId]);
      expect(ourRules).toEqual([]);
      expect(theirRules.map((rule) => rule.user_id)).toEqual([theirs.ownerId]);
      // One statement each for policies, incidents, members and rules.
      expect(statements).toHaveBeenCalledTimes(4);
    } finally {
      statements.mockRestore();
    }
  });

  it("claims and counts the organization's own pages only", async () => {
    // Another organization's member is no target; another organization's held page is not counted.
    expect(await store().claimPages(slot(ours.id, ids.ourIncident), [emailTo(theirs.ownerId)])).toEqual([]);
    expect(await store().pagesHeldElsewhere(slot(ours.id, ids.theirIncident), [emailTo(theirs.ownerId)])).toBe(0);
    expect(await store().pagesHeldElsewhere(slot(theirs.id, ids.theirIncident), [emailTo(theirs.ownerId)])).toBe(1);

    const [page] = await store().claimPages(slot(ours.id, ids.ourIncident), [emailTo(ours.ownerId)]);
    expect(page?.user_id).toBe(ours.ownerId);
    // Another organization's outcome for our page changes nothing.
    await store().recordClaimedPageOutcome(theirs.id, page!.id, { error: 'not theirs to record' });
    expect(await count(`select count(*) as n from pages where organization_id = ? and status = 'sending'`, [ours.id])).toBe(1);
    await store().recordClaimedPageOutcome(ours.id, page!.id, { error: null, messageRef: 'm-1' });
    expect(await count(`select count(*) as n from pages where organization_id = ? and status = 'sent'`, [ours.id])).toBe(1);
    expect(await count(`select count(*) as n from pages where organization_id = ? and status = 'sending'`, [theirs.id])).toBe(1);
  });

  it("records a batch's timeline entry and events in the organization given only", async () => {
    await store().recordPagesSent({
      organizationId: ours.id,
      incidentId: ids.ourIncident,
      message: 'Escalation level 1 paged (round 1): 1 sent, 0 failed',
      summary: { policy_id: null, cycle: 1, round: 1, level: 1, urgency: 'high', sent: 1, failed: 0 },
      outcomes: [{ user_id: ours.ownerId, method: 'email', status: 'sent' }],
      sentPages: [],
    });
    expect(await count(`select count(*) as n from incident_timeline where organization_id = ? and type = 'page'`, [ours.id])).toBe(1);
    expect(await count(`select count(*) as n from incident_timeline where organization_id = ? and type = 'page'`, [theirs.id])).toBe(0);
    expect(
      await count(`select count(*) as n from domain_events where organization_id = ? and type = 'escalation.updated'`, [theirs.id]),
    ).toBe(0);
  });
});
