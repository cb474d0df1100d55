import type { ChannelPage, ChannelSendOutcome, PageChannel } from '../channel.ts';
import { twilioTarget } from './sms.ts';
import type { PageChannelModule } from '../channel-module.ts';
import { createTwilioClients, twilioFailure, untilAborted, type TwilioClients } from './twilio-client.ts';
import { PhoneDestinationSchema, phoneDestination, twilioConnectionDescriptor } from './twilio-connection.ts';
import { voicePageTwiml, voiceVerificationTwiml } from './twilio-twiml.ts';
import { publicUrlOf, twilioWebhookUrls } from './twilio-webhook-urls.ts';

/** Twilio stops ringing after this many seconds; an unanswered call leaves the escalation to go on. */
const RING_TIMEOUT_SECONDS = 45;

/**
 * Pages by phone call from the organization's Twilio number. A page's call fetches its TwiML from
 * Tocsin when answered (so it reads the incident as it is then) and takes one key: 4 acknowledges,
 * 6 resolves, 9 escalates. Test pages and verification codes carry their TwiML inline: no incident
 * stands behind them. Twilio's Calls API takes no idempotency key: a resend may ring twice.
 */
export function createVoiceChannel(deps: { twilioClients: TwilioClients }): PageChannel {
  return {
    kind: 'voice',
    async send(page: ChannelPage, to, connection, signal): Promise<ChannelSendOutcome> {
      const target = twilioTarget(to, connection);
      if (!target.ok) return target;
      const publicUrl = publicUrlOf(page);
      if (!publicUrl) return { ok: false, error: 'the page carries no public URL for the call to reach Tocsin' };
      const urls = twilioWebhookUrls(publicUrl, page.organizationId);
      const { content } = page;
      const code = content.verificationCode;
      const script = code
        ? { twiml: voiceVerificationTwiml(code) }
        : content.test
          ? { twiml: voicePageTwiml({ ...content.incident, test: true }, urls.voiceGather(page.pageId)) }
          : {
              url: urls.voicePage(page.pageId),
              method: 'POST' as const,
              statusCallback: urls.pageStatus(page.pageId),
              statusCallbackMethod: 'POST' as const,
            };
      try {
        const client = await deps.twilioClients(target.connection);
        const call = await untilAborted(
          client.calls.create({ to: target.number, from: target.connection.fromNumber, timeout: RING_TIMEOUT_SECONDS, ...script }),
          signal,
        );
        return { ok: true, messageRef: call.sid };
      } catch (error) {
        return { ok: false, error: twilioFailure(error) };
      }
    },
  };
}

export const voiceChannel: PageChannelModule = {
  kind: 'voice',
  create: (deps) => createVoiceChannel({ twilioClients: createTwilioClients({ apiUrl: deps.vendorBaseUrls?.voice }) }),
  destinationSchema: PhoneDestinationSchema,
  toDestination: phoneDestination,
  verification: 'code',
  connection: twilioConnectionDescriptor,
};
