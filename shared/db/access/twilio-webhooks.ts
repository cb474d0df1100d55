import type { EntityManager } from '@mikro-orm/postgresql';

/** The page a reply or a keypress answers: whose it is and which incident it pages for. */
export interface AnsweredPage {
  page_id: string;
  incident_id: string;
  user_id: string;
}

/** A voice page as its call reads it. */
export interface VoicePage extends AnsweredPage {
  /** The number the page called (the contact method's address now); null when the method is gone. */
  address: string | null;
  title: string;
  severity: string;
  status: string;
}

export interface TwilioWebhookStore {
  /**
   * Records a Twilio request's SID (MessageSid, or CallSid with the key pressed) as acted on: false
   * when it was already, so a replay changes nothing. Kept as long as the organization: Twilio
   * signs no timestamp, so a captured request never expires. SIDs are every organization's, by
   * design: Twilio's, unique across accounts, so the first claim of one holds whichever organization made it.
   */
  claim(organizationId: string, sid: string): Promise<boolean>;
  /**
   * The most recent page sent to this number (an sms or voice contact method, verified, of a member
   * still in the organization): pages of incidents not yet resolved first.
   */
  latestPageToNumber(organizationId: string, phone: string): Promise<AnsweredPage | undefined>;
  /**
   * Records on a sent page that Twilio could not deliver its message (`sid`: the page's message ref,
   * so a report about another message changes nothing); false when no such page.
   */
  recordUndelivered(organizationId: string, pageId: string, sid: string, error: string): Promise<boolean>;
  /** A voice page of the organization, with its incident. */
  voicePage(organizationId: string, pageId: string): Promise<VoicePage | undefined>;
}

export function createTwilioWebhookStore(em: EntityManager): TwilioWebhookStore {
  return {
    async claim(organizationId, sid) {
      const rows = await em.execute<Array<{ sid: string }>>(
        `insert into twilio_webhook_receipts (sid, organization_id, received_at) values (?, ?, now())
         on conflict (sid) do nothing returning sid`,
        [sid, organizationId],
      );
      return rows.length === 1;
    },

    async latestPageToNumber(organizationId, phone) {
      const [row] = await em.execute<AnsweredPage[]>(
        `select p.id as page_id, p.incident_id, p.user_id
         from contact_methods cm
         join users u on u.id = cm.user_id and u.organization_id = cm.organization_id
         join pages p on p.contact_method_id = cm.id and p.organization_id = cm.organization_id and p.user_id = cm.user_id
         join incidents i on i.id = p.incident_id and i.organization_id = p.organization_id
         where cm.organization_id = ? and cm.type in ('sms', 'voice') and cm.address = ? and cm.verified_at is not null
           and p.status in ('sent', 'sending')
         order by (i.status <> 'resolved') desc, p.created_at desc, p.id desc
         limit 1`,
        [organizationId, phone],
      );
      return row;
    },

    async recordUndelivered(organizationId, pageId, sid, error) {
      const rows = await em.execute<Array<{ id: string }>>(
        `update pages set status = 'failed', error = ?, updated_at = now()
         where id = ? and organization_id = ? and message_ref = ? and method in ('sms', 'voice') and status = 'sent'
         returning id`,
        [error, pageId, organizationId, sid],
      );
      return rows.length === 1;
    },

    async voicePage(organizationId, pageId) {
      const [row] = await em.execute<VoicePage[]>(
        `select p.id as page_id, p.incident_id, p.user_id, cm.address, i.title, i.severity, i.status
         from pages p
         join incidents i on i.id = p.incident_id and i.organization_id = p.organization_id
         left join contact_methods cm on cm.id = p.contact_method_id and cm.organization_id = p.organization_id
         where p.id = ? and p.organization_id = ? and p.method = 'voice'`,
        [pageId, organizationId],
      );
      return row;
    },
  };
}
