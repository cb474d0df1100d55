import type { SecretBox } from '../crypto/secret-box.ts';
import { pageRecipient } from '../db/access/contact-methods.ts';
import type { ClaimedPage } from '../db/access/pages.ts';
import type { Orm } from '../db/orm.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { HttpRequestFn } from '../net/outbound-http.ts';
import { contactWebhookBody, pageMailMessage, sendContactWebhook, type ContactWebhookSecret, type PageContent } from './contact-page.ts';
import type { PageLinkSigner } from './page-link-token.ts';

export interface PageSenderDeps {
  orm: Orm;
  mailer?: Mailer;
  /** Opens webhook contact methods' sealed URL and headers. */
  secretBox?: SecretBox;
  /** The SSRF-guarded client (shared/net/outbound-http.ts). */
  outboundHttp?: HttpRequestFn;
  /** Signs the one-click links of page mails; without it mails carry the incident link only. */
  pageLinks?: PageLinkSigner;
}

/**
 * Sends claimed pages: email to the method's address (or the account's, for the default page),
 * webhook through the guarded client. Resolves to the error to record, or null when sent; never
 * throws, so one failed page never stops the others or the chain.
 */
export function createPageSender(deps: PageSenderDeps) {
  return async function send(
    organizationId: string,
    page: Pick<ClaimedPage, 'id' | 'user_id' | 'method' | 'contact_method_id'>,
    content: Omit<PageContent, 'links'>,
    publicUrl: string,
  ): Promise<string | null> {
    try {
      const target = await pageRecipient(deps.orm.em.fork(), organizationId, page.user_id, page.contact_method_id);
      if (!target) return 'member no longer in the organization';
      if (page.contact_method_id && (!target.type || !target.verified)) return 'contact method removed or no longer verified';
      if (page.method === 'webhook') {
        if (!deps.secretBox || !target.webhook_sealed) return 'webhook contact methods are not configured in this worker';
        const webhook = JSON.parse(deps.secretBox.decrypt(target.webhook_sealed)) as ContactWebhookSecret;
        return await sendContactWebhook(deps.outboundHttp, webhook, contactWebhookBody(target.template, content));
      }
      if (!deps.mailer) return 'no mailer configured in this worker';
      const now = new Date();
      const link = (action: 'acknowledge' | 'resolve') =>
        `${publicUrl}/api/v1/page-links/${deps.pageLinks?.sign({ pageId: page.id, organizationId, incidentId: content.incident.id, userId: page.user_id, action }, now)}`;
      const links = deps.pageLinks && !content.test ? { acknowledge: link('acknowledge'), resolve: link('resolve') } : undefined;
      await deps.mailer.send({ to: target.address ?? target.email, ...pageMailMessage({ ...content, links }) });
      return null;
    } catch (failure) {
      return (failure instanceof Error ? failure.message : String(failure)).slice(0, 1000);
    }
  };
}
