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
    /** Where the call's `<Gather>` posts the key pressed. */
    voiceGather: (pageId: string) => `${base}/voice/pages/${pageId}/gather`,
  };
}
