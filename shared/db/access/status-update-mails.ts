import type { EntityManager } from '@mikro-orm/core';
import type { StatusUpdateRow } from './status-pages.ts';
import { runStatement } from './statement.ts';

// The mails of status updates to their subscribers (`status_update_mails`): every statement
// matches the organization explicitly (raw SQL bypasses the tenant filter).

const run = runStatement;

export interface StatusUpdateMailTarget {
  subscriber_id: string;
  email: string;
}

/** An update as its mail says it: with the incident's public name as of this update (the latest title its public updates gave). */
export interface StatusUpdateMailRow extends StatusUpdateRow {
  incident_title: string;
  public_name: string | null;
  page_title: string | null;
  slug: string | null;
}

/** Every read and write is confined to the organization given. */
export interface StatusUpdateMailStore {
  /** The organization's update as its mail says it; null when it is not the organization's (or gone). */
  updateForMail(organizationId: string, statusUpdateId: string): Promise<StatusUpdateMailRow | null>;
  /**
   * Claims the mails of one update: each confirmed subscriber of its incident (and, for a public
   * update, of the whole page) once per address; an internal update reaches members only. Rows
   * claimed by an earlier run and never marked sent are returned again; sent ones never.
   */
  claim(organizationId: string, statusUpdateId: string): Promise<StatusUpdateMailTarget[]>;
  markSent(organizationId: string, statusUpdateId: string, subscriberId: string): Promise<void>;
}

/** Organizations' status update mails, created from one unit of work. */
export function createStatusUpdateMailStore(em: EntityManager): StatusUpdateMailStore {
  return {
    async updateForMail(organizationId, statusUpdateId) {
      const [row] = await run<StatusUpdateMailRow[]>(
        em,
        `select u.id, u.incident_id, u.kind, u.title, u.body, u.visibility, u.author_id, u.created_at, i.title as incident_title,
                (select t.title from status_updates t where t.incident_id = u.incident_id and t.visibility = 'public' and t.title is not null
                   and t.organization_id = u.organization_id
                   and (t.created_at, t.id) <= (u.created_at, u.id) order by t.created_at desc, t.id desc limit 1) as public_name,
                p.title as page_title, case when p.enabled then p.slug end as slug
         from status_updates u join incidents i on i.id = u.incident_id and i.organization_id = u.organization_id
         left join status_pages p on p.organization_id = u.organization_id
         where u.id = ? and u.organization_id = ?`,
        [statusUpdateId, organizationId],
      );
      return row ?? null;
    },

    claim(organizationId, statusUpdateId) {
      return run<StatusUpdateMailTarget[]>(
        em,
        `with update_row as (
           select id, incident_id, visibility from status_updates where id = ? and organization_id = ?
         ), audience as (
           select distinct on (lower(s.email)) s.id, s.email from status_subscribers s, update_row u
           where s.organization_id = ? and s.confirmed_at is not null
             and (u.visibility = 'public' or s.user_id is not null)
             and (s.incident_id = u.incident_id or (s.incident_id is null and u.visibility = 'public'))
           order by lower(s.email), s.incident_id nulls last, s.id
         ), claimed as (
           insert into status_update_mails (status_update_id, subscriber_id)
           select u.id, a.id from update_row u, audience a on conflict do nothing returning subscriber_id
         )
         select a.id as subscriber_id, a.email from audience a
         where a.id in (select subscriber_id from claimed)
            or a.id in (select m.subscriber_id from status_update_mails m join update_row u on u.id = m.status_update_id where m.sent_at is null)`,
        [statusUpdateId, organizationId, organizationId],
      );
    },

    async markSent(organizationId, statusUpdateId, subscriberId) {
      await run(
        em,
        `update status_update_mails set sent_at = now() where status_update_id = ? and subscriber_id = ?
           and status_update_id in (select id from status_updates where organization_id = ?)`,
        [statusUpdateId, subscriberId, organizationId],
      );
    },
  };
}
