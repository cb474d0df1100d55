import type { ChannelConnection, ChannelDestination, ChannelPage, ChannelSendOutcome, PageChannel } from '../channel.ts';
import type { PageChannelModule } from '../channel-module.ts';
import { createTwilioClients, twilioFailure, untilAborted, type TwilioClients } from './twilio-client.ts';
import {
  E164_PHONE,
  parseTwilioConnection,
  PhoneDestinationSchema,
  phoneDestination,
  twilioConnectionDescriptor,
  type TwilioConnection,
} from './twilio-connection.ts';
import { verificationText } from '../contact-page.ts';
import { smsPageText } from './twilio-messages.ts';
import { publicUrlOf, twilioWebhookUrls } from './twilio-webhook-urls.ts';

export const TWILIO_NOT_CONNECTED =
  'Twilio is not connected for this organization: an administrator adds its credentials under Channel connections';

/** The organization's connection and the member's number, checked; or why the page cannot go. */
export function twilioTarget(
  to: ChannelDestination,
  connection: ChannelConnection,
): { ok: true; connection: TwilioConnection; number: string } | { ok: false; error: string } {
  const opened = parseTwilioConnection(connection);
  if (!opened) return { ok: false, error: TWILIO_NOT_CONNECTED };
  const number = E164_PHONE.safeParse(to.address);
  if (!number.success) return { ok: false, error: 'the contact method has no valid phone number' };
  return { ok: true, connection: opened, number: number.data };
}

/**
 * Pages by SMS through the organization's Twilio account (its Messaging Service when set, else its
 * number): the incident and the codes to reply. Twilio's Messages API takes no idempotency key, so a
 * page sent again after a worker died may arrive twice; the second one says "(resent)".
 */
export function createSmsChannel(deps: { twilioClients: TwilioClients }): PageChannel {
  return {
    kind: 'sms',
    async send(page: ChannelPage, to, connection, signal): Promise<ChannelSendOutcome> {
      const target = twilioTarget(to, connection);
      if (!target.ok) return target;
      const code = page.content.verificationCode;
      const body = code ? verificationText(code) : smsPageText(page.content, page.resend);
      // A page's final delivery (undelivered, failed) comes back to its status URL; codes and tests need none.
      const publicUrl = code || page.content.test ? null : publicUrlOf(page);
      const callback = publicUrl ? { statusCallback: twilioWebhookUrls(publicUrl, page.organizationId).pageStatus(page.pageId) } : {};
      const sender = target.connection.messagingServiceSid
        ? { messagingServiceSid: target.connection.messagingServiceSid }
        : { from: target.connection.fromNumber };
      try {
        const client = await deps.twilioClients(target.connection);
        const message = await untilAborted(client.messages.create({ to: target.number, body, ...sender, ...callback }), signal);
        return { ok: true, messageRef: message.sid };
      } catch (error) {
        return { ok: false, error: twilioFailure(error) };
      }
    },
  };
}

export const smsChannel: PageChannelModule = {
  kind: 'sms',
  // vendorBaseUrls.sms: the operator's TWILIO_API_URL (a local fake in tests); else api.twilio.com.
  create: (deps) => createSmsChannel({ twilioClients: createTwilioClients({ apiUrl: deps.vendorBaseUrls?.sms }) }),
  destinationSchema: PhoneDestinationSchema,
  toDestination: phoneDestination,
  verification: 'code',
  connection: twilioConnectionDescriptor,
};
