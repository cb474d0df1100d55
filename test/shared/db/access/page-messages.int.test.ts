import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { createChannelConnectionStore } from '../../../../shared/db/access/channel-connections.ts';
import { createContactMethodStore } from '../../../../shared/db/access/contact-methods.ts';
import { createPageMessageStore } from '../../../../shared/db/access/page-messages.ts';
import { createPagingReads } from '../../../../shared/db/access/paging-reads.ts';
import { createIncident } from '../../../../shared/db/access/incidents.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every read of the store, on real PostgreSQL: another organization's incident and its sent page
// messages are invisible to it.
describe('PageMessageStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let ourIncident: string;
  let theirIncident: string;
  const store = () => createPageMessageStore(db.em());
  const sentPage = (organization: SeededOrganization, incidentId: string) =>
    db.sql(
      `insert into pages (id, organization_id, incident_id, round, level, user_id, method, status, message_ref, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, 1, 1, ?, 'webhook', 'sent', 'ref-1', now(), now())`,
      [organization.id, incidentId, organization.ownerId],
    );

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    const em = db.em();
    ourIncident = createIncident(em, { organizationId: ours.id, title: 'Ours', severity: 'high', source: 'manual' }).id;
    theirIncident = createIncident(em, { organizationId: theirs.id, title: 'Theirs', severity: 'high', source: 'manual' }).id;
    await em.flush();
    await sentPage(ours, ourIncident);
    await sentPage(theirs, theirIncident);
  });
  afterAll(() => db?.stop());

  it("reads the organization's own incident's status only", async () => {
    expect(await store().incidentStatusNow({ organizationId: ours.id, incidentId: ourIncident })).toEqual({
      status: 'active',
      actorName: null,
    });
    expect(await store().incidentStatusNow({ organizationId: ours.id, incidentId: theirIncident })).toBeUndefined();
    expect(await store().incidentStatusNow({ organizationId: theirs.id, incidentId: theirIncident })).toMatchObject({ status: 'active' });
  });

  it("reads the organization's own page messages only", async () => {
    expect(await store().pageMessagesOf({ organizationId: ours.id, incidentId: ourIncident }, ['webhook'])).toEqual([
      expect.objectContaining({ user_id: ours.ownerId, method: 'webhook', message_ref: 'ref-1' }),
    ]);
    expect(await store().pageMessagesOf({ organizationId: ours.id, incidentId: theirIncident }, ['webhook'])).toEqual([]);
    expect(await store().pageMessagesOf({ organizationId: theirs.id, incidentId: theirIncident }, ['webhook'])).toHaveLength(1);
    expect(
      await store().pageMessagesOf({ organizationId: ours.id, incidentId: ourIncident }, ['webhook'], { cycle: 1, round: 1, level: 1 }),
    ).toEqual([]);
  });

  it("reads the organization's own members, contact methods and connections only", async () => {
    const theirMethod = randomUUID();
    await createContactMethodStore(db.em()).insert(
      { organizationId: theirs.id, userId: theirs.ownerId },
      {
        id: theirMethod,
        type: 'webhook',
        label: 'Hook',
        address: 'https://hooks.example.test/theirs',
        sealed: null,
        destination: null,
        template: null,
        verified: true,
      },
    );
    await createChannelConnectionStore(db.em()).put(theirs.id, 'slack', { sealed: 'sealed-theirs', summary: {} });

    expect(await store().recipient(ours.id, theirs.ownerId, theirMethod)).toBeUndefined();
    expect(await store().recipient(ours.id, ours.ownerId, theirMethod)).toMatchObject({
      email: ours.ownerEmail,
      type: null,
      address: null,
    });
    expect(await store().recipient(theirs.id, theirs.ownerId, theirMethod)).toMatchObject({
      type: 'webhook',
      address: 'https://hooks.example.test/theirs',
    });
    expect(await store().connection(ours.id, 'slack')).toBeUndefined();
    expect(await store().connection(theirs.id, 'slack')).toMatchObject({ config_sealed: 'sealed-theirs' });

    // Pages sent at once share one statement; each still gets its own organization's recipient only.
    const em = db.em();
    const pool = (await em.getConnection().getNativeClient()) as unknown as { query: (...args: unknown[]) => Promise<unknown> };
    const statements = jest.spyOn(pool, 'query');
    try {
      const shared = createPageMessageStore(em, createPagingReads(em));
      const [notOurMember, ourOwner, ourOwnerByMail, theirOwner, theirOwnerByMail] = await Promise.all([
        shared.recipient(ours.id, theirs.ownerId, theirMethod),
        shared.recipient(ours.id, ours.ownerId, theirMethod),
        shared.recipient(ours.id, ours.ownerId, null),
        shared.recipient(theirs.id, theirs.ownerId, theirMethod),
        shared.recipient(theirs.id, theirs.ownerId, null),
      ]);
      expect(notOurMember).toBeUndefined();
      expect(ourOwner).toEqual({ email: ours.ownerEmail, type: null, address: null, secret_sealed: null, template: null, verified: false });
      expect(ourOwnerByMail).toEqual(ourOwner);
      expect(theirOwner).toEqual({
        email: theirs.ownerEmail,
        type: 'webhook',
        address: 'https://hooks.example.test/theirs',
        secret_sealed: null,
        template: null,
        verified: true,
      });
      expect(theirOwnerByMail).toMatchObject({ email: theirs.ownerEmail, type: null, verified: false });
      expect(statements).toHaveBeenCalledTimes(1);
    } finally {
      statements.mockRestore();
    }
  });
});
