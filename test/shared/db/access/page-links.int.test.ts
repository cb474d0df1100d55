import { randomUUID } from 'node:crypto';
import { createPageLinkStore } from '../../../../shared/db/access/page-links.ts';
import type { PageLinkClaims } from '../../../../shared/paging/page-link-token.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's pages, incidents, members
// and link redemptions are invisible to it, and untouched by its writes.
describe('PageLinkStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let our: PageLinkClaims;
  let their: PageLinkClaims;
  const store = () => createPageLinkStore(db.em());
  const page = async (organization: SeededOrganization, title: string): Promise<PageLinkClaims> => {
    const incidentId = await db.incident(organization.id, title);
    const pageId = randomUUID();
    await db.sql(
      `insert into pages (id, organization_id, incident_id, round, level, user_id, method, status, message_ref, created_at, updated_at)
       values (?, ?, ?, 1, 1, ?, 'email', 'sent', 'ref-1', now(), now())`,
      [pageId, organization.id, incidentId, organization.ownerId],
    );
    return { pageId, organizationId: organization.id, incidentId, userId: organization.ownerId, action: 'acknowledge', expiresAt: 0 };
  };
  const redemptions = async (pageId: string) =>
    db.sql<{ organization_id: string; action: string }>('select organization_id, action from page_link_redemptions where page_id = ?', [
      pageId,
    ]);

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    our = await page(ours, 'Ours');
    their = await page(theirs, 'Theirs');
  });
  afterAll(() => db?.stop());

  it("reads the organization's own pages and members only", async () => {
    expect(await store().find(our)).toEqual({
      incident: expect.objectContaining({ id: our.incidentId, title: 'Ours' }),
      used: false,
      member: true,
    });
    expect(await store().find({ ...their, organizationId: ours.id })).toBeUndefined();
    expect(await store().find({ ...our, incidentId: their.incidentId })).toBeUndefined();
    expect(await store().find(their)).toMatchObject({ incident: { title: 'Theirs' } });
    expect(await store().memberRole(ours.id, ours.ownerId)).toBe('owner');
    expect(await store().memberRole(ours.id, theirs.ownerId)).toBeUndefined();
  });

  it("claims and releases the organization's own pages' links only", async () => {
    expect(await store().claim({ ...their, organizationId: ours.id })).toBe(false);
    expect(await store().claim({ ...their, organizationId: ours.id, userId: ours.ownerId })).toBe(false);
    expect(await redemptions(their.pageId)).toEqual([]);

    expect(await store().claim(their)).toBe(true);
    expect(await store().claim(their)).toBe(false);
    await store().release({ ...their, organizationId: ours.id });
    expect(await redemptions(their.pageId)).toEqual([{ organization_id: theirs.id, action: 'acknowledge' }]);
    expect((await store().find(their))?.used).toBe(true);

    expect(await store().claim(our)).toBe(true);
    expect((await store().find(our))?.used).toBe(true);
    await store().release(our);
    expect((await store().find(our))?.used).toBe(false);
    expect((await store().find(their))?.used).toBe(true);
  });
});
