import type { ChannelPage } from '../channel.ts';

/**
 * Where Twilio reaches Tocsin for one organization. The organization is in the path because
 * Twilio's signature is keyed by that organization's Auth Token: the route must know whose token
 * checks the request before it believes anything in it.
 */
export function twilioWebhookUrls(publicUrl: string, organizationId: string) {
  const base = `${publicUrl}/api/v1/twilio/${organizationId}`;
  return {
    /** Set on the number (or Messaging Service) as "A message comes in". */
    sms: `${base}/sms`,
    /** Set on the number as "A call comes in": answers that pages are outbound only. */
    voiceInbound: `${base}/voice`,
    /** The TwiML of the call placed for one page. */
    voicePage: (pageId: string) => `${base}/voice/pages/${pageId}`,
    /** Where Twilio reports that a page's SMS or call finally failed (undelivered, busy, not answered). */
    pageStatus: (pageId: string) => `${base}/pages/${pageId}/status`,
    /** Where the call's `<Gather>` posts the key pressed. */
    voiceGather: (pageId: string) => `${base}/voice/pages/${pageId}/gather`,
  };
}

/**
 * The public URL Twilio reaches Tocsin at, as the page's console link carries it
 * (`<public URL>/incidents[/<id>]`, built from the same PUBLIC_URL the webhook routes check signatures against).
 */
export function publicUrlOf(page: ChannelPage): string | null {
  const link = page.content.incidentUrl;
  const at = link.lastIndexOf('/incidents');
  return at > 0 && /^https?:\/\//.test(link) ? link.slice(0, at) : null;
}
