import { createOrganizationStatsStore } from '../../../../shared/db/access/organization-stats.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The admin statistics on real PostgreSQL: another organization's members, integrations,
// incidents and audit events count in none of ours.
describe('OrganizationStatsStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const store = () => createOrganizationStatsStore(db.em());
  const roles = ['owner', 'admin', 'engineer'] as const;
  const stats = (organizationId: string) => store().stats(organizationId, roles, new Date(), new Date(Date.now() - 86_400_000));

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    await db.sql(
      `insert into users (id, organization_id, email, name, role, password_hash, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, 'Engineer', 'engineer', 'x', now(), now())`,
      [theirs.id, `engineer-${theirs.id}@example.test`],
    );
    await db.sql(
      `insert into integrations (id, organization_id, name, platform, secret_ciphertext, created_at, updated_at)
       values (gen_random_uuid(), ?, 'APM', 'generic', 'sealed', now(), now())`,
      [theirs.id],
    );
    await db.sql(
      `insert into incidents (id, organization_id, title, severity, source, status, created_at, updated_at)
       values (gen_random_uuid(), ?, 'incident', 'high', 'manual', 'triggered', now(), now())`,
      [theirs.id],
    );
    await db.sql(
      `insert into audit_events (id, organization_id, event_type, action, method, path, actor_type, request_id, status_code, created_at)
       values (gen_random_uuid(), ?, 'users.update', 'updateUser', 'PATCH', '/x', 'user', 'r', 200, now())`,
      [theirs.id],
    );
  });
  afterAll(() => db?.stop());

  it("counts the organization's own rows only", async () => {
    const mine = await stats(ours.id);
    expect(mine.organization.id).toBe(ours.id);
    expect(Object.fromEntries(mine.membersByRole)).toEqual({ owner: 1, admin: 0, engineer: 0 });
    expect([mine.integrations, mine.incidents, mine.openIncidents, mine.auditEvents, mine.recentAuditEvents]).toEqual([0, 0, 0, 0, 0]);

    const theirsNow = await stats(theirs.id);
    expect(Object.fromEntries(theirsNow.membersByRole)).toEqual({ owner: 1, admin: 0, engineer: 1 });
    expect([theirsNow.integrations, theirsNow.enabledIntegrations, theirsNow.incidents, theirsNow.openIncidents]).toEqual([1, 1, 1, 1]);
    expect([theirsNow.auditEvents, theirsNow.recentAuditEvents]).toEqual([1, 1]);
  });
});
