import { createSeenRequestStore } from '../../../../shared/db/access/seen-request-signatures.ts';
import { openStoreDatabase, type StoreDatabase } from '../../../helpers/store-database.ts';

// Vendor request signatures name no organization: the record spans every organization, by design,
// and is kept per vendor, so one vendor's signature never answers for another's.
describe('SeenRequestStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  const store = () => createSeenRequestStore(db.em());
  const inAMinute = () => new Date(Date.now() + 60_000);

  beforeAll(async () => {
    db = await openStoreDatabase();
  });
  afterAll(() => db?.stop());

  it('sees a signature first once per vendor, until it expires', async () => {
    expect(await store().firstSeen('slack', 'v0=abc', inAMinute())).toBe(true);
    expect(await store().firstSeen('slack', 'v0=abc', inAMinute())).toBe(false);
    expect(await store().firstSeen('ntfy', 'v0=abc', inAMinute())).toBe(true);
    expect(await store().firstSeen('slack', 'v0=other', inAMinute())).toBe(true);
  });

  it('takes an expired signature over, and prunes expired ones', async () => {
    await db.sql(
      `insert into seen_request_signatures (vendor, signature, expires_at) values ('slack', 'old', now() - interval '1 minute')`,
    );
    await db.sql(
      `insert into seen_request_signatures (vendor, signature, expires_at) values ('slack', 'stale', now() - interval '1 minute')`,
    );
    expect(await store().firstSeen('slack', 'old', inAMinute())).toBe(true);
    const rows = await db.sql<{ signature: string }>(
      `select signature from seen_request_signatures where vendor = 'slack' order by signature`,
    );
    expect(rows.map((row) => row.signature)).toEqual(['old', 'v0=abc', 'v0=other']);
  });
});
