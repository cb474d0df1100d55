import { z } from 'zod';
import type { PageChannel } from '../channel.ts';
import type { PageChannelDeps, PageChannelModule } from '../channel-module.ts';
import { contactWebhookBody, sendContactWebhook, type ContactWebhookSecret } from '../contact-page.ts';

/** POSTs the page as JSON (the method's template, rendered) through the SSRF-guarded client. */
export function createWebhookChannel(deps: PageChannelDeps): PageChannel {
  return {
    kind: 'webhook',
    async send(page, to, _connection, signal) {
      const webhook = to.secret as ContactWebhookSecret | null;
      if (!webhook?.url) return { ok: false, error: 'webhook contact methods are not configured in this worker' };
      const error = await sendContactWebhook(deps.outboundHttp, webhook, contactWebhookBody(to.template ?? null, page.content), signal);
      return error === null ? { ok: true } : { ok: false, error };
    },
  };
}

export const webhookChannel: PageChannelModule = {
  kind: 'webhook',
  create: createWebhookChannel,
  // The request schema (api/schemas/contact-method.schemas.ts) refines url, headers and template.
  destinationSchema: z.object({ url: z.string(), headers: z.record(z.string(), z.string()).optional(), template: z.unknown().optional() }),
  toDestination: (fields) => {
    const headers = fields.headers as Record<string, string> | undefined;
    // The URL often carries a token: the public part is kept apart (webhook_destination), not as the address.
    return {
      address: null,
      secret: { url: fields.url, ...(headers && Object.keys(headers).length > 0 ? { headers } : {}) },
      template: fields.template,
    };
  },
  // The member configured the URL: there is nothing to confirm at the other end.
  verification: 'none',
};
