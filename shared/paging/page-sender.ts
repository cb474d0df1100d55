import type { SecretBox } from '../crypto/secret-box.ts';
import type { PageMessageStore } from '../db/access/page-messages.ts';
import type { ClaimedPage } from '../db/access/pages.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { HttpRequestFn } from '../net/outbound-http.ts';
import type { PageAction, PageChannel, PageChannelKind } from './channel.ts';
import { createChannelDispatch } from './channel-dispatch.ts';
import type { PageChannelDeps } from './channel-module.ts';
import { createPageChannels } from './channels.ts';
import type { PageContent } from './contact-page.ts';
import type { PageLinkSigner } from './page-link-token.ts';

export interface PageSenderDeps {
  /** Members' contact methods and organizations' connections as they are now; a fresh unit of work per call. */
  pageMessages: () => PageMessageStore;
  mailer?: Mailer;
  /** Opens contact methods' sealed parts and organizations' connections. */
  secretBox?: SecretBox;
  /** The SSRF-guarded client (shared/net/outbound-http.ts). */
  outboundHttp?: HttpRequestFn;
  /** Signs the one-click links of pages; without it pages carry the incident link only. */
  pageLinks?: PageLinkSigner;
  /** Vendor API base URLs (a fake's in tests), by channel kind. */
  vendorBaseUrls?: PageChannelDeps['vendorBaseUrls'];
  /** The channels, when given (tests); else built from the dependencies above. */
  channels?: Map<PageChannelKind, PageChannel>;
  /** How long one page's send may take (default PAGE_SEND_TIMEOUT_MS). */
  pageSendTimeoutMs?: number;
}

/**
 * The longest one page's send may take, whatever its channel: past it the page is recorded failed
 * and the next rule or level goes on. Under the claim lease (shared/db/access/pages.ts), so a page
 * is never sent by two live attempts.
 */
export const PAGE_SEND_TIMEOUT_MS = 20_000;

/** How a page's send ended: `error` null when the channel accepted it. */
export interface PageSendResult {
  error: string | null;
  messageRef?: string;
}

/**
 * Sends claimed pages through their channel (the page's method): the member's contact method as
 * it is now (its sealed part opened for this send), the organization's connection where the
 * channel needs one, and signed action links. Never throws and never outlasts its timeout, so one
 * failed or slow page never stops the others or the chain.
 */
export function createPageSender(deps: PageSenderDeps) {
  const dispatch = createChannelDispatch({
    channels: deps.channels ?? createPageChannels(deps),
    secretBox: deps.secretBox,
    connections: () => {
      const store = deps.pageMessages();
      return { find: (organizationId, kind) => store.connection(organizationId, kind) };
    },
    timeoutMs: deps.pageSendTimeoutMs ?? PAGE_SEND_TIMEOUT_MS,
  });

  const open = (sealed: string | null): Record<string, unknown> | null => {
    if (!sealed) return null;
    if (!deps.secretBox) throw new Error('sealed contact methods cannot be opened in this worker');
    return JSON.parse(deps.secretBox.decrypt(sealed)) as Record<string, unknown>;
  };

  return async function send(
    organizationId: string,
    page: Pick<ClaimedPage, 'id' | 'user_id' | 'method' | 'contact_method_id'>,
    content: Omit<PageContent, 'links'>,
    publicUrl: string,
    options: { resend?: boolean } = {},
  ): Promise<PageSendResult> {
    try {
      const target = await deps.pageMessages().recipient(organizationId, page.user_id, page.contact_method_id);
      if (!target) return { error: 'member no longer in the organization' };
      if (page.contact_method_id && (!target.type || !target.verified)) return { error: 'contact method removed or no longer verified' };
      const now = new Date();
      const actions: Partial<Record<PageAction, string>> = {};
      if (deps.pageLinks && !content.test) {
        for (const action of ['acknowledge', 'resolve'] as const) {
          const claims = { pageId: page.id, organizationId, incidentId: content.incident.id, userId: page.user_id, action };
          actions[action] = `${publicUrl}/api/v1/page-links/${deps.pageLinks.sign(claims, now)}`;
        }
      }
      const outcome = await dispatch(
        (target.type ?? page.method) as PageChannelKind,
        {
          pageId: page.id,
          organizationId,
          userId: page.user_id,
          content,
          actions,
          idempotencyKey: page.id,
          resend: options.resend ?? false,
        },
        // The default page (no contact method) goes to the account's address.
        { address: page.contact_method_id ? target.address : target.email, secret: open(target.secret_sealed), template: target.template },
      );
      return outcome.ok ? { error: null, ...(outcome.messageRef ? { messageRef: outcome.messageRef } : {}) } : { error: outcome.error };
    } catch (error) {
      return { error: (error instanceof Error ? error.message : String(error)).slice(0, 1000) };
    }
  };
}
