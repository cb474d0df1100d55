import { createChannelConnectionStore } from '../../../../shared/db/access/channel-connections.ts';
import { createChatFeedStore } from '../../../../shared/db/access/chat-feeds.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The chat feed and channel connection stores on real PostgreSQL: another organization's feeds,
// integrations and connections are invisible to them, and untouched by their writes.
describe('ChatFeedStore and ChannelConnectionStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let ourIntegration: string;
  let theirIntegration: string;
  let theirFeed: string;
  const feeds = () => createChatFeedStore(db.em());
  const connections = () => createChannelConnectionStore(db.em());
  const integration = async (organizationId: string) => {
    const [row] = await db.sql<{ id: string }>(
      `insert into integrations (id, organization_id, name, platform, secret_ciphertext, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Alertmanager', 'generic', 'sealed', now(), now()) returning id`,
      [organizationId],
    );
    return row!.id;
  };
  const feed = (organization: SeededOrganization, integrationId: string) => ({
    organizationId: organization.id,
    kind: 'matrix',
    target: '!room:example.test',
    routingRuleId: null,
    integrationId,
    createdById: organization.ownerId,
  });

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    ourIntegration = await integration(ours.id);
    theirIntegration = await integration(theirs.id);
    theirFeed = (await feeds().create(feed(theirs, theirIntegration)))!.id;
    await connections().put(theirs.id, 'matrix', { sealed: 'theirs-sealed', summary: { homeserver: 'theirs' } });
  });
  afterAll(() => db?.stop());

  it("lists, creates and removes the organization's own feeds only", async () => {
    expect(await feeds().list(ours.id)).toEqual([]);
    expect(await feeds().create(feed(ours, theirIntegration))).toBeUndefined();
    const ourFeed = await feeds().create(feed(ours, ourIntegration));
    expect(ourFeed).toMatchObject({ kind: 'matrix', integration_id: ourIntegration });
    expect((await feeds().list(ours.id)).map((row) => row.id)).toEqual([ourFeed!.id]);

    expect(await feeds().remove(ours.id, theirFeed)).toBe(false);
    expect((await feeds().list(theirs.id)).map((row) => row.id)).toEqual([theirFeed]);
    expect(await feeds().remove(ours.id, ourFeed!.id)).toBe(true);
    expect(await feeds().list(ours.id)).toEqual([]);
  });

  it("reads and writes the organization's own connections only", async () => {
    expect(await connections().find(ours.id, 'matrix')).toBeUndefined();
    expect(await connections().list(ours.id)).toEqual([]);
    expect(await connections().remove(ours.id, 'matrix')).toBe(false);
    await connections().put(ours.id, 'matrix', { sealed: 'ours-sealed', summary: { homeserver: 'ours' } });
    expect((await connections().find(ours.id, 'matrix'))?.config_sealed).toBe('ours-sealed');
    expect((await connections().find(theirs.id, 'matrix'))?.config_sealed).toBe('theirs-sealed');
    expect(await connections().remove(ours.id, 'matrix')).toBe(true);
    expect((await connections().list(theirs.id)).map((row) => row.summary)).toEqual([{ homeserver: 'theirs' }]);
  });
});
