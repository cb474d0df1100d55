import type { EntityManager } from '@mikro-orm/postgresql';
import type { IncidentStatus, Severity } from '../../domain/incident.ts';
import type { PageLinkClaims } from '../../paging/page-link-token.ts';

/** The page a link names, read only when every id of the link agrees with the page row. */
export interface PageLinkRow {
  incident: { id: string; title: string; status: IncidentStatus; severity: Severity };
  /** The link's action was already redeemed. */
  used: boolean;
  /** The paged user is still a member of the organization. */
  member: boolean;
}

export interface PageLinkStore {
  find(claims: PageLinkClaims): Promise<PageLinkRow | undefined>;
  /** The member's current role; undefined when they left the organization. */
  memberRole(organizationId: string, userId: string): Promise<string | undefined>;
  /** Records the link's use, atomically: false when it was already used (or the page is not the organization's member's). */
  claim(claims: PageLinkClaims): Promise<boolean>;
  /** Undoes a claim whose change failed, so the link may be tried again. */
  release(claims: Pick<PageLinkClaims, 'organizationId' | 'pageId' | 'action'>): Promise<void>;
}

/** Pages as one-click links see them, and their redemptions (`page_link_redemptions`). */
export function createPageLinkStore(em: EntityManager): PageLinkStore {
  return {
    async find(claims) {
      const [row] = await em.execute<Array<PageLinkRow['incident'] & { used: boolean; member: boolean }>>(
        `select i.id, i.title, i.status, i.severity,
              exists (select 1 from page_link_redemptions r where r.page_id = p.id and r.action = ?) as used,
              exists (select 1 from users u where u.id = p.user_id and u.organization_id = p.organization_id) as member
       from pages p join incidents i on i.id = p.incident_id and i.organization_id = p.organization_id
       where p.id = ? and p.organization_id = ? and p.incident_id = ? and p.user_id = ?`,
        [claims.action, claims.pageId, claims.organizationId, claims.incidentId, claims.userId],
      );
      if (!row) return undefined;
      const { used, member, ...incident } = row;
      return { incident, used, member };
    },

    async memberRole(organizationId, userId) {
      const [member] = await em.execute<Array<{ role: string }>>('select role from users where id = ? and organization_id = ?', [
        userId,
        organizationId,
      ]);
      return member?.role;
    },

    async claim(claims) {
      const claimed = await em.execute<Array<{ page_id: string }>>(
        `insert into page_link_redemptions (page_id, action, organization_id, user_id, redeemed_at)
         select p.id, ?, p.organization_id, p.user_id, now() from pages p where p.id = ? and p.organization_id = ? and p.user_id = ?
         on conflict do nothing returning page_id`,
        [claims.action, claims.pageId, claims.organizationId, claims.userId],
      );
      return claimed.length > 0;
    },

    async release(claims) {
      await em.execute('delete from page_link_redemptions where page_id = ? and action = ? and organization_id = ?', [
        claims.pageId,
        claims.action,
        claims.organizationId,
      ]);
    },
  };
}
