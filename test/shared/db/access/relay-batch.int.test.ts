import { createRelayStore } from '../../../../shared/db/access/relay-batch.ts';
import { againstBucketLocks } from '../../../helpers/incident-locks.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The relay's batch spans every organization, by design: it claims both organizations' events,
// and each read and write in it keeps to the organization of the event it serves.
describe('RelayStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const incidents = { ours: '', theirs: '' };
  const policies = { ours: '', theirs: '' };
  const policy = async (organizationId: string, name: string) =>
    (
      await db.sql<{ id: string }>(
        `insert into escalation_policies (id, organization_id, name, levels, created_at, updated_at)
         values (gen_random_uuid(), ?, ?, '[]'::jsonb, now(), now()) returning id`,
        [organizationId, name],
      )
    )[0]!.id;
  const routed = (incidentId: string) =>
    db.sql<{ organization_id: string; escalation_policy_id: string | null; entries: number }>(
      `select organization_id, escalation_policy_id,
         (select count(*)::int from incident_timeline t where t.incident_id = i.id and t.type = 'routed' and t.organization_id = i.organization_id) as entries
       from incidents i where id = ?`,
      [incidentId],
    );

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    incidents.ours = await db.incident(ours.id, 'Ours');
    incidents.theirs = await db.incident(theirs.id, 'Theirs');
    policies.ours = await policy(ours.id, 'Our policy');
    policies.theirs = await policy(theirs.id, 'Their policy');
  });
  afterAll(() => db?.stop());

  it("claims both organizations' events and records each decision under its event's organization", async () => {
    const store = createRelayStore(db.orm);
    const claimed = await store.transaction(async (batch) => {
      const events = await batch.claimUndispatchedEvents(100);
      const pairs = events.map((event) => ({ incidentId: event.incident_id!, organizationId: event.organization_id }));
      // A pairing of their incident with our organization reads nothing and changes nothing.
      const candidates = await batch.escalationCandidates([...pairs, { incidentId: incidents.theirs, organizationId: ours.id }]);
      expect(candidates.map((candidate) => candidate.incident_id).sort()).toEqual([incidents.ours, incidents.theirs].sort());
      expect(await batch.escalationCandidates([{ incidentId: incidents.theirs, organizationId: ours.id }])).toEqual([]);
      await batch.recordRoutingDecisions(
        events.map((event) => ({
          incidentId: event.incident_id!,
          organizationId: event.organization_id,
          decision: {
            ruleId: null,
            policyId: event.organization_id === ours.id ? policies.ours : policies.theirs,
            urgency: 'high' as const,
          },
        })),
      );
      await batch.recordRoutingDecisions([
        {
          incidentId: incidents.theirs,
          organizationId: ours.id,
          decision: { ruleId: null, policyId: policies.ours, urgency: 'low' as const },
        },
      ]);
      await batch.markEventsDispatched(events.map((event) => event.id));
      return events;
    });
    expect(new Set(claimed.map((event) => event.organization_id))).toEqual(new Set([ours.id, theirs.id]));
    expect(await routed(incidents.ours)).toEqual([{ organization_id: ours.id, escalation_policy_id: policies.ours, entries: 1 }]);
    expect(await routed(incidents.theirs)).toEqual([{ organization_id: theirs.id, escalation_policy_id: policies.theirs, entries: 1 }]);
    const [misfiled] = await db.sql<{ n: number }>(
      `select count(*)::int as n from incident_timeline where incident_id = ? and organization_id = ?`,
      [incidents.theirs, ours.id],
    );
    expect(misfiled?.n).toBe(0);
    expect(await store.transaction((batch) => batch.claimUndispatchedEvents(100))).toEqual([]);
  });

  // An alert bucket locks its incidents by fingerprint, one after another; routing the same
  // incidents meanwhile must take them in that order too, or each waits on a row the other holds.
  it('routes incidents an alert bucket is locking without a deadlock', async () => {
    const [first, second] = [await db.incident(ours.id, 'Locked first'), await db.incident(ours.id, 'Locked second')];
    await db.sql(`update incidents set fingerprint = case when id = ? then 'fp-a' else 'fp-b' end where id in (?, ?)`, [
      first,
      first,
      second,
    ]);
    // The decisions in the other order than the bucket's.
    await againstBucketLocks(db, [first, second], () =>
      createRelayStore(db.orm).transaction((batch) =>
        batch.recordRoutingDecisions(
          [second, first].map((incidentId) => ({
            incidentId,
            organizationId: ours.id,
            decision: { ruleId: null, policyId: policies.ours, urgency: 'high' as const },
          })),
        ),
      ),
    );
    for (const incident of [first, second])
      expect(await routed(incident)).toEqual([{ organization_id: ours.id, escalation_policy_id: policies.ours, entries: 1 }]);
  });
});
