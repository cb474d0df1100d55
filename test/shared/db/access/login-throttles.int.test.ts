import { createLoginThrottleStore } from '../../../../shared/db/access/login-throttles.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The failed-login counts on real PostgreSQL. No organization owns them (they are counted before
// anyone is authenticated): one email's or address's count never moves another's, whichever
// organization the email belongs to.
describe('LoginThrottleStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const store = () => createLoginThrottleStore(db.em());
  const limits = { maxFailures: 2, windowSeconds: 900, lockSeconds: 900 };
  const failures = async (email: string) =>
    (await db.sql<{ failures: number }>('select failures from login_throttles where email = ?', [email]))[0]?.failures ?? 0;

  beforeAll(async () => ({ db, ours, theirs } = await openTwoOrganizations()));
  afterAll(() => db?.stop());

  it("counts, locks and clears one email's attempts without touching another's", async () => {
    expect(await store().countEmailAttemptAcrossOrganizations(theirs.ownerEmail, limits)).toBeNull();
    expect(await store().countEmailAttemptAcrossOrganizations(ours.ownerEmail, limits)).toBeNull();
    expect(await store().countEmailAttemptAcrossOrganizations(ours.ownerEmail, limits)).toBeNull();
    expect(await store().lockEmailIfExhaustedAcrossOrganizations(ours.ownerEmail, limits)).toBeGreaterThan(0);
    expect(await failures(theirs.ownerEmail)).toBe(1);
    expect(await store().lockEmailIfExhaustedAcrossOrganizations(theirs.ownerEmail, limits)).toBeNull();

    await store().clearEmailAcrossOrganizations(ours.ownerEmail);
    expect(await failures(ours.ownerEmail)).toBe(0);
    expect(await failures(theirs.ownerEmail)).toBe(1);
  });

  it("counts and forgives one address's attempts without touching another's", async () => {
    expect(await store().countAddressAttemptAcrossOrganizations('192.0.2.1', 900)).toMatchObject({ failures: 1 });
    expect(await store().countAddressAttemptAcrossOrganizations('192.0.2.1', 900)).toMatchObject({ failures: 2 });
    expect(await store().countAddressAttemptAcrossOrganizations('192.0.2.2', 900)).toMatchObject({ failures: 1 });
    await store().forgiveAddressAttemptAcrossOrganizations('192.0.2.1');
    const rows = await db.sql<{ address: string; failures: number }>(
      'select address, failures from login_address_throttles order by address',
    );
    expect(rows).toEqual([
      { address: '192.0.2.1', failures: 1 },
      { address: '192.0.2.2', failures: 1 },
    ]);
  });
});
