import { randomUUID } from 'node:crypto';
import { createResponderPageStore, type ResponderPageSlot } from '../../../../shared/db/access/responder-pages.ts';
import { insertResponders } from '../../../../shared/db/access/responders.ts';
import type { PlannedPage } from '../../../../shared/domain/notification-rules.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The store on real PostgreSQL: another organization's responders, incidents, members, rules and
// pages are invisible to it, and untouched by its writes.
describe('ResponderPageStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const incidents = { ours: '', theirs: '' };
  const responders = { ours: '', theirs: '' };
  const store = () => createResponderPageStore(db.em());
  const slot = (organizationId: string, incidentId: string, responderId: string): ResponderPageSlot => ({
    organizationId,
    incidentId,
    responderId,
    policyId: null,
    cycle: 0,
    round: 1,
    level: 0,
  });
  const emailPage = (userId: string): PlannedPage => ({ userId, ruleId: null, contactMethodId: null, method: 'email', delayMs: 0 });
  const pagesOf = (incidentId: string) =>
    db.sql<{ id: string; status: string }>('select id, status from pages where incident_id = ? order by id', [incidentId]);

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    incidents.ours = await db.incident(ours.id, 'ours');
    incidents.theirs = await db.incident(theirs.id, 'theirs');
    for (const [key, organization] of [
      ['ours', ours],
      ['theirs', theirs],
    ] as const) {
      const [row] = await insertResponders(db.em(), {
        organizationId: organization.id,
        incidentId: incidents[key],
        requestedBy: null,
        message: `${key} help`,
        people: [{ userId: organization.ownerId, via: 'user', viaId: organization.ownerId }],
      });
      responders[key] = row!.id;
    }
    const method = randomUUID();
    await db.sql(
      `insert into contact_methods (id, organization_id, user_id, type, label, address, template, verified_at, created_at, updated_at)
       values (?, ?, ?, 'email', 'Work', 'theirs@example.test', '{}'::jsonb, now(), now(), now())`,
      [method, theirs.id, theirs.ownerId],
    );
    await db.sql(
      `insert into notification_rules (id, organization_id, user_id, contact_method_id, delay_minutes, urgency, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, ?, 0, 'any', now(), now())`,
      [theirs.id, theirs.ownerId, method],
    );
  });
  afterAll(() => db?.stop());

  it("reads the organization's own responders, incidents, members and rules only", async () => {
    expect(await store().responder(ours.id, responders.theirs)).toBeUndefined();
    expect((await store().responder(ours.id, responders.ours))?.message).toBe('ours help');
    expect(await store().incident(ours.id, incidents.theirs)).toBeUndefined();
    expect((await store().incident(ours.id, incidents.ours))?.title).toBe('ours');
    expect(await store().memberName(ours.id, theirs.ownerId)).toBeUndefined();
    expect(await store().memberName(ours.id, ours.ownerId)).toBe(`Owner of ${ours.name}`);
    expect(await store().ruleCandidates(ours.id, [theirs.ownerId])).toEqual([]);
    expect((await store().ruleCandidates(theirs.id, [theirs.ownerId])).map((rule) => rule.user_id)).toEqual([theirs.ownerId]);
  });

  it("claims and records the organization's own pages only", async () => {
    const theirSlot = slot(theirs.id, incidents.theirs, responders.theirs);
    const [theirPage] = await store().claim(theirSlot, [emailPage(theirs.ownerId)]);
    expect(theirPage).toBeDefined();
    // Another organization's member is never claimed for ours.
    expect(await store().claim(slot(ours.id, incidents.ours, responders.ours), [emailPage(theirs.ownerId)])).toEqual([]);
    expect(await store().heldElsewhere(slot(ours.id, incidents.theirs, responders.theirs), [emailPage(theirs.ownerId)])).toBe(0);
    expect(await store().heldElsewhere(theirSlot, [emailPage(theirs.ownerId)])).toBe(1);

    await store().recordOutcome(ours.id, theirPage!.id, { error: null });
    expect(await pagesOf(incidents.theirs)).toEqual([{ id: theirPage!.id, status: 'sending' }]);

    const [ourPage] = await store().claim(slot(ours.id, incidents.ours, responders.ours), [emailPage(ours.ownerId)]);
    await store().recordOutcome(ours.id, ourPage!.id, { error: null });
    expect(await pagesOf(incidents.ours)).toEqual([{ id: ourPage!.id, status: 'sent' }]);
  });
});
