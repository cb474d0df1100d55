import { createChatFeedStore, recordPendingChatFeedUpdates } from '../../../../shared/db/access/chat-feeds.ts';
import { uuidv7 } from '../../../../shared/uuidv7.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The posting side of the store, on real PostgreSQL: a thread unit or release opened for one
// organization neither sees nor changes another organization's feeds, threads, posts or pending updates.
describe('ChatFeedStore threads (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let theirFeed: string;
  let theirIncident: string;
  let ourFeed: string;
  let ourIncident: string;
  const store = () => createChatFeedStore(db.em());
  const feedOf = async (organization: SeededOrganization) => {
    const [integration] = await db.sql<{ id: string }>(
      `insert into integrations (id, organization_id, name, platform, secret_ciphertext, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Hook', 'generic', 'sealed', now(), now()) returning id`,
      [organization.id],
    );
    const feed = await store().create({
      organizationId: organization.id,
      kind: 'slack',
      target: 'C0INCIDENTS',
      routingRuleId: null,
      integrationId: integration!.id,
      createdById: organization.ownerId,
    });
    return feed!.id;
  };
  const pending = (feedId: string, incidentId: string, eventIds: string[]) => {
    const em = db.em();
    return recordPendingChatFeedUpdates(
      em,
      eventIds.map((eventId, n) => ({ feedId, incidentId, eventId, eventAt: new Date(Date.UTC(2026, 0, 1, 0, n)) })),
    );
  };
  const pendingOf = async (feedId: string) =>
    (await db.sql<{ event_id: string }>('select event_id from chat_feed_pending where feed_id = ? order by event_at', [feedId])).map(
      (row) => row.event_id,
    );

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    theirFeed = await feedOf(theirs);
    ourFeed = await feedOf(ours);
    theirIncident = await db.incident(theirs.id, 'Their outage');
    ourIncident = await db.incident(ours.id, 'Our outage');
  });
  afterAll(() => db?.stop());

  it("reads nothing of another organization's feed, incident or thread, and writes nothing to it", async () => {
    const [first, second] = [uuidv7(), uuidv7()];
    await pending(theirFeed, theirIncident, [first, second]);
    await store().threadTransaction({ organizationId: theirs.id, feedId: theirFeed, incidentId: theirIncident }, async (thread) => {
      await thread.lock([first]);
      await thread.recordThread('their-root');
      await thread.recordPost(first);
    });

    const seen = await store().threadTransaction(
      { organizationId: ours.id, feedId: theirFeed, incidentId: theirIncident },
      async (thread) => {
        const result = {
          feed: await thread.feed(),
          incident: await thread.incident(),
          lock: await thread.lock([first, second]),
          earlier: await thread.earlierUpdatePending(second),
        };
        await thread.recordThread('our-root');
        await thread.recordPost(second);
        await thread.clearPending([first, second]);
        return result;
      },
    );
    expect(seen).toEqual({ feed: undefined, incident: undefined, lock: { threadRef: null, posted: new Set() }, earlier: false });
    await store().clearPending(ours.id, theirFeed, [first, second]);

    expect(await pendingOf(theirFeed)).toEqual([first, second]);
    expect(await db.sql('select thread_ref from chat_feed_threads where feed_id = ?', [theirFeed])).toEqual([{ thread_ref: 'their-root' }]);
    expect(await db.sql('select event_id from chat_feed_posts where feed_id = ?', [theirFeed])).toEqual([{ event_id: first }]);
    // Our feed with their incident: no thread is opened for it.
    await store().threadTransaction({ organizationId: ours.id, feedId: ourFeed, incidentId: theirIncident }, async (thread) => {
      expect(await thread.incident()).toBeUndefined();
    });
  });

  it("posts in the organization's own thread, in order, and releases its own pending updates", async () => {
    const [first, second] = [uuidv7(), uuidv7()];
    await pending(ourFeed, ourIncident, [first, second]);
    const scope = { organizationId: ours.id, feedId: ourFeed, incidentId: ourIncident };
    const opened = await store().threadTransaction(scope, async (thread) => {
      const result = {
        feed: await thread.feed(),
        incident: await thread.incident(),
        lock: await thread.lock([first]),
        firstWaits: await thread.earlierUpdatePending(first),
        secondWaits: await thread.earlierUpdatePending(second),
      };
      await thread.recordThread('our-root');
      await thread.recordPost(first);
      await thread.clearPending([first]);
      return result;
    });
    expect(opened).toEqual({
      feed: { kind: 'slack', target: 'C0INCIDENTS', config_sealed: null },
      incident: { title: 'Our outage', severity: 'high', status: 'active' },
      lock: { threadRef: null, posted: new Set() },
      firstWaits: false,
      secondWaits: true,
    });
    const again = await store().threadTransaction(scope, async (thread) => ({
      lock: await thread.lock([first, second]),
      secondWaits: await thread.earlierUpdatePending(second),
    }));
    expect(again).toEqual({ lock: { threadRef: 'our-root', posted: new Set([first]) }, secondWaits: false });
    await store().clearPending(ours.id, ourFeed, [second]);
    expect(await pendingOf(ourFeed)).toEqual([]);
  });
});
